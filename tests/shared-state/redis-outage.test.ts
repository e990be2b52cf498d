import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { http } from "../helpers/http.ts";
import { redisBinary, startTestRedis, type TestRedis } from "../helpers/redis-server.ts";
import { startTestServer, type RunningServer } from "../helpers/test-server.ts";
import { initializeRequest, postMcp } from "../agents/agent-test-helpers.ts";
import { authorizeQuery, CookieClient, hiddenFields, pkcePair, type TestClient } from "../oauth/browserless-client.ts";

/** What a ludex instance on Redis answers while Redis is away, per limit (docs/operations.md "Running several instances"). */
describe.skipIf(redisBinary === undefined)(
  `an instance whose Redis goes away${redisBinary ? "" : " (skipped: redis-server is not installed)"}`,
  () => {
    let redis: TestRedis;
    let server: RunningServer;
    beforeAll(async () => {
      redis = await startTestRedis();
      server = await startTestServer({
        LUDEX_BUILD_DIR: inject("sampleCatalog").buildDir,
        LUDEX_REDIS_URL: redis.url,
        LUDEX_SECRET: "outage test secret, 32 characters long",
      });
    });
    afterAll(async () => {
      await redis?.stop();
    });

    const register = () =>
      http(server.url("/oauth/register/"), {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          client_name: "Outage",
          scope: "games.read",
          redirect_uris: ["http://127.0.0.1/callback"],
          token_endpoint_auth_method: "none",
        }),
      });
    const match = () =>
      http(server.url("/api/v1/games/"), {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ systemId: "snes", items: [{ name: "Zephyr Quest (USA).sfc" }] }),
      });

    it("reports Redis in /api/health/, then 503 while it is down; matching and MCP sessions fail open, registration, sign-in and session ends fail closed; all recover", async () => {
      const healthy = await http(server.url("/api/health/"));
      expect(healthy.status).toBe(200);
      expect(healthy.json<{ dependencies: Record<string, { status: string }> }>().dependencies).toEqual({
        redis: { status: "ok", latencyMs: expect.any(Number) },
        database: { status: "ok", latencyMs: expect.any(Number) },
      });
      const registered = await register();
      expect(registered.status).toBe(201);
      const client = registered.json<TestClient>();
      expect((await match()).headers.ratelimit).toMatch(/^"match";r=5999;/);

      const init = await postMcp(server, initializeRequest);
      const session = { "mcp-session-id": init.headers["mcp-session-id"] ?? "", "mcp-protocol-version": "2025-11-25" };

      await redis.stop();
      const down = await http(server.url("/api/health/"));
      expect(down.status).toBe(503);
      expect(down.headers["content-type"]).toBe("application/problem+json");
      expect(down.json()).toMatchObject({
        type: expect.stringMatching(/dependency-unavailable$/),
        status: 503,
        dependencies: { redis: { status: "down" } },
      });

      const matched = await match();
      expect(matched.status).toBe(200);
      expect(matched.headers.ratelimit).toBeUndefined();
      const refused = await register();
      expect(refused.status).toBe(503);
      expect(refused.json()).toMatchObject({ error: "temporarily_unavailable" });
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
      const browser = new CookieClient(server.origin);
      const signInPage = await browser.request(`/oauth/authorize/?${authorizeQuery(client, { code_challenge: pkcePair().challenge })}`);
      expect(signInPage.status).toBe(200);
      const signIn = await browser.post("/oauth/sign-in/", { ...hiddenFields(signInPage.text), username: "nobody", password: "guess" });
      expect(signIn.status).toBe(503);
      expect(signIn.text).toMatch(/briefly unavailable/);

      // An MCP session keeps working (the ended-session check fails open); ending it needs Redis.
      expect((await postMcp(server, { jsonrpc: "2.0", id: 2, method: "tools/list" }, session)).status).toBe(200);
      const deleted = await http(server.url("/mcp/"), { method: "DELETE", headers: session });
      expect(deleted.status).toBe(503);
      expect(deleted.headers["retry-after"]).toBe("5");

      await redis.start();
      const deadline = Date.now() + 10_000;
      while ((await http(server.url("/api/health/"))).status !== 200) {
        if (Date.now() > deadline) throw new Error("health did not recover");
        await new Promise((r) => setTimeout(r, 100));
      }
      expect((await register()).status).toBe(201);
      expect((await http(server.url("/mcp/"), { method: "DELETE", headers: session })).status).toBe(200);
      expect((await postMcp(server, { jsonrpc: "2.0", id: 3, method: "tools/list" }, session)).status).toBe(404);
    });
  },
);
