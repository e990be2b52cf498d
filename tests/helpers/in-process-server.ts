import path from "node:path";
import lightMyRequest from "light-my-request";
import { afterAll } from "vitest";
import { loadConfig, type Config } from "../../src/config/config.ts";
import { createLudexServer, type LudexServer } from "../../src/server/create-server.ts";
import type { RawResponse } from "./http.ts";
import { tempDir } from "./temp-dir.ts";

export type { RawResponse } from "./http.ts";

export interface InProcessServer {
  readonly ludex: LudexServer;
  readonly config: Config;
  /** One request handed to the server's request listener, answered as tests/helpers/http.ts answers. */
  request(path: string, init?: { method?: string; headers?: Record<string, string>; body?: string | Buffer }): Promise<RawResponse>;
}

/**
 * A ludex server for the test file that is never bound to a port: requests go straight to its
 * request listener (light-my-request's fake request and response), so that route tests run as unit
 * tests. Same configuration defaults as tests/helpers/test-server.ts; closed after the file.
 * Requests come from 127.0.0.1 (light-my-request's default), as a loopback client's would.
 */
export async function createInProcessServer(env: Record<string, string>): Promise<InProcessServer> {
  // Each server gets its own member database; match tables load on first use (test files share a worker's heap).
  const config = loadConfig({
    PUBLIC_BASE_URL: "https://ludex.test",
    LUDEX_MATCH_PRELOAD: "off",
    LUDEX_MEMBERS_DB: path.join(tempDir("ludex-members-"), "members.db"),
    ...env,
  });
  const ludex = await createLudexServer(config, { log: () => {} });
  afterAll(() => ludex.close());
  const request: InProcessServer["request"] = async (target, init = {}) => {
    const res = await lightMyRequest(ludex.handle, {
      method: init.method ?? "GET",
      url: target,
      headers: init.headers ?? {},
      ...(init.body === undefined ? {} : { payload: init.body }),
    });
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(", ") : String(v);
    const body = res.rawPayload;
    return { status: res.statusCode, headers, body, json: <T>() => JSON.parse(body.toString("utf8")) as T };
  };
  return { ludex, config, request };
}
