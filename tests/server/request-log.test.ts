import { describe, expect, inject, it } from "vitest";
import { http } from "../helpers/http.ts";
import { createLudexServer, type LudexServer } from "../../src/server/create-server.ts";
import { loadConfig } from "../../src/config/config.ts";
import { createPinoLog } from "../../src/core/logger.ts";
import { Writable } from "node:stream";
import path from "node:path";
import { connect } from "node:net";
import { tempDir } from "../helpers/temp-dir.ts";

/** A server on the sample catalog whose log lines (pino's format, at info) are collected in `lines`. */
async function loggedServer(): Promise<{ lines: string[]; ludex: LudexServer; port: number }> {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split("\n").filter(Boolean));
      done();
    },
  });
  const config = loadConfig({
    LUDEX_BUILD_DIR: inject("sampleCatalog").buildDir,
    LUDEX_MEMBERS_DB: path.join(tempDir(), "members.db"),
    PUBLIC_BASE_URL: "https://ludex.test",
  });
  const ludex = await createLudexServer(config, { log: createPinoLog("info", sink) });
  return { lines, ludex, port: await ludex.listen(0, "127.0.0.1") };
}

describe("request logs", () => {
  it("writes one JSON line per request with id, method, route, status, duration and bytes, and never the query string", async () => {
    const { lines, ludex, port } = await loggedServer();
    try {
      const res = await http(`http://127.0.0.1:${port}/api/v1/agent/games/?q=starfall&access_token=SECRET-IN-QUERY`);
      await http(`http://127.0.0.1:${port}/api/v1/games/?id=999999`);
      await new Promise((r) => setTimeout(r, 50));
      const records = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((r) => r.msg === "request");
      expect(records).toHaveLength(2);
      expect(records[0]).toMatchObject({
        requestId: res.headers["x-request-id"],
        method: "GET",
        route: "/api/v1/agent/games/",
        status: 200,
        durationMs: expect.any(Number),
        bytes: expect.any(Number),
      });
      expect(Number(records[0]?.bytes)).toBeGreaterThan(res.body.length);
      expect(records[1]).toMatchObject({ route: "/api/v1/games/", status: 404 });
      expect(lines.join("\n")).not.toContain("SECRET-IN-QUERY");
      expect(lines.join("\n")).not.toContain("starfall");
    } finally {
      await ludex.close();
    }
  });

  it("logs a request whose client left before the answer as aborted", async () => {
    const { lines, ludex, port } = await loggedServer();
    try {
      const socket = connect(port, "127.0.0.1");
      await new Promise((r) => socket.once("connect", r));
      socket.write('POST /api/v1/games/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"items":[');
      await new Promise((r) => setTimeout(r, 100));
      socket.destroy();
      await expect.poll(() => lines.filter((l) => l.includes('"msg":"request"')).length).toBe(1);
      expect(JSON.parse(lines.find((l) => l.includes('"msg":"request"')) ?? "")).toMatchObject({
        method: "POST",
        route: "/api/v1/games/",
        aborted: true,
      });
    } finally {
      await ludex.close();
    }
  });
});
