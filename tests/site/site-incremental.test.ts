import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { siteFiles } from "../../src/site/site-paths.ts";
import { changedCatalog, type ChangedCatalog } from "../catalog/changes/changed-catalog.ts";
import { http } from "../helpers/http.ts";
import { hasRealData, realDataSkipReason } from "../helpers/paths.ts";
import { startTestServer, type RunningServer } from "../helpers/test-server.ts";

/**
 * The website's incremental rule over two imports of changed real DATs (Virtual Boy edited: a
 * game removed, one rom changed, one game added; Jaguar CD untouched): the second build renders
 * the changed platform only, the untouched platform's pages keep their bytes and mtimes (so their
 * ETags), and the removed game's page answers 404.
 */

interface FileState {
  readonly mtimeMs: number;
  readonly bytes: Buffer;
}

describe.skipIf(!hasRealData)(
  `website pages across two builds of changed real DATs${hasRealData ? "" : ` (${realDataSkipReason})`}`,
  () => {
    let catalog: ChangedCatalog;
    let server: RunningServer;
    const ids = new Map<string, number>();
    let jaguarFiles: string[] = [];
    const before = new Map<string, FileState>();
    /** A page as stored: its file's mtime and its HTML. */
    const state = (page: string): FileState => {
      const full = path.join(catalog.buildDir, page);
      return { mtimeMs: statSync(full).mtimeMs, bytes: readFileSync(full) };
    };

    beforeAll(async () => {
      catalog = changedCatalog();
      server = await startTestServer({ LUDEX_BUILD_DIR: catalog.buildDir });
      const list = (await http(server.url("/api/v1/games/?system=virtual-boy&limit=100"))).json<{
        results: { id: number; title: string }[];
      }>();
      for (const hit of list.results) ids.set(hit.title, hit.id);
      const jaguar = (await http(server.url("/api/v1/games/?system=jaguar-cd&limit=100"))).json<{ results: { id: number }[] }>();
      expect(jaguar.results.length).toBeGreaterThan(0);
      const platformDir = path.join(catalog.buildDir, siteFiles.platformDir("jaguar-cd"));
      jaguarFiles = [
        ...jaguar.results.map((r) => siteFiles.game(r.id)),
        ...readdirSync(platformDir).map((name) => path.join(siteFiles.platformDir("jaguar-cd"), name)),
      ];
      const unchangedVb = [...ids.entries()].find(([title]) => title !== "BLOX" && title !== "3-D Tetris")?.[1] ?? 0;
      ids.set("unchanged", unchangedVb);
      for (const file of [
        ...jaguarFiles,
        siteFiles.game(unchangedVb),
        siteFiles.game(ids.get("BLOX") ?? 0),
        siteFiles.platform("virtual-boy"),
      ])
        before.set(file, state(file));
      // One second later, so that a rewritten file's mtime differs from the first build's.
      await new Promise((r) => setTimeout(r, 1100));
      catalog.importChanged();
      server.ludex.catalog.reload();
    });

    it("renders only the changed platform again", () => {
      expect(catalog.builds[0]?.site.platformsRendered).toBe(2);
      expect(catalog.builds[1]?.site.platformsRendered).toBe(1);
    });

    it("keeps every page of the untouched platform as it was: same bytes, same mtime, so the same ETag", async () => {
      expect(jaguarFiles.length).toBeGreaterThan(1);
      for (const file of jaguarFiles) expect(state(file), file).toEqual(before.get(file));
      const page = siteFiles.game(Number(/(\d+)\.html$/.exec(jaguarFiles[0] ?? "")?.[1]));
      const res = await http(server.url(`/games/${/(\d+)\.html$/.exec(page)?.[1]}/`));
      expect(res.status).toBe(200);
      expect(res.headers["last-modified"]).toBe(new Date(Math.floor((before.get(page)?.mtimeMs ?? 0) / 1000) * 1000).toUTCString());
    });

    it("rewrites the changed game's page and the platform listing, and leaves the changed platform's other games alone", () => {
      const blox = siteFiles.game(ids.get("BLOX") ?? 0);
      expect(state(blox).mtimeMs).toBeGreaterThan(before.get(blox)?.mtimeMs ?? Number.POSITIVE_INFINITY);
      expect(state(blox).bytes.toString("utf8")).toContain(">0badf00d</code>");
      const unchanged = siteFiles.game(ids.get("unchanged") ?? 0);
      expect(state(unchanged)).toEqual(before.get(unchanged));
      const listing = state(siteFiles.platform("virtual-boy"));
      expect(listing.mtimeMs).toBeGreaterThan(before.get(siteFiles.platform("virtual-boy"))?.mtimeMs ?? Number.POSITIVE_INFINITY);
      expect(listing.bytes.toString("utf8")).toContain(">Ludex Feed Test</a>");
      expect(listing.bytes.toString("utf8")).not.toContain(`href="/games/${ids.get("3-D Tetris")}/"`);
    });

    it("answers the removed game's page with the 404 page, and the added game's with its page", async () => {
      const removed = ids.get("3-D Tetris") ?? 0;
      expect(removed).toBeGreaterThan(0);
      expect(existsSync(path.join(catalog.buildDir, siteFiles.game(removed)))).toBe(false);
      const gone = await http(server.url(`/games/${removed}/`));
      expect(gone.status).toBe(404);
      expect(gone.body.toString("utf8")).toContain("<h1>Page not found</h1>");
      const changes = (await http(server.url(`/api/v1/changes/?since=${catalog.v1}`))).json<{
        changes: { id: number; change: string }[];
      }>();
      const added = changes.changes.find((c) => c.change === "added")?.id;
      const page = await http(server.url(`/games/${added}/`));
      expect(page.status).toBe(200);
      expect(page.body.toString("utf8")).toContain("<h1>Ludex Feed Test</h1>");
    });
  },
);
