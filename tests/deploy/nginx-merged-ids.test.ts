import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nginxBinary, startNginx, type Nginx } from "../helpers/cluster.ts";
import { http, type RawResponse } from "../helpers/http.ts";
import { mergedCatalog, type MergedCatalog } from "../helpers/merged-catalog.ts";
import { startTestServer, type RunningServer } from "../helpers/test-server.ts";

/** What must agree between a direct and an nginx-fronted answer for an id look-up. */
function comparable(res: RawResponse): Record<string, unknown> {
  const { location, "content-type": type, "cache-control": cache, etag, "last-modified": modified } = res.headers;
  return { status: res.status, location, type, cache, etag, modified, body: res.body.toString("utf8") };
}

describe.skipIf(nginxBinary === undefined)(
  `nginx in front of ludex: merged ids${nginxBinary ? "" : " (skipped: nginx is not installed; .ci/run installs nginx-light)"}`,
  () => {
    let catalog: MergedCatalog;
    let node: RunningServer;
    let nginx: Nginx;

    beforeAll(async () => {
      catalog = mergedCatalog({ pages: false });
      node = await startTestServer({ LUDEX_BUILD_DIR: catalog.buildDir });
      nginx = await startNginx([new URL(node.origin).host], catalog.buildDir);
    });
    afterAll(() => nginx?.stop());

    it("answers a merged id with the Node server's 301, and the kept and unknown ids as before", async () => {
      for (const method of ["GET", "HEAD"])
        for (const id of [catalog.mergedId, catalog.keptId, catalog.unknownId]) {
          const direct = await http(node.url(`/api/v1/games/?id=${id}`), { method });
          const fronted = await http(`${nginx.origin}/api/v1/games/?id=${id}`, { method });
          expect(comparable(fronted), `${method} ${id}`).toEqual(comparable(direct));
        }
      const merged = await http(`${nginx.origin}/api/v1/games/?id=${catalog.mergedId}`);
      expect(merged.status).toBe(301);
      expect(merged.headers.location).toBe(`https://ludex.test/api/v1/games/?id=${catalog.keptId}`);
      // The kept record came from the build's file (nginx's request id: 32 hex digits, Node's: a UUID).
      const kept = await http(`${nginx.origin}/api/v1/games/?id=${catalog.keptId}`);
      expect(kept.headers["x-request-id"]).toMatch(/^[0-9a-f]{32}$/);
    });
  },
);
