import { cpSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { loadCatalogSnapshot } from "../../../src/catalog/store/catalog-snapshot.ts";
import { runIdleSteps } from "../../../src/core/idle-steps.ts";
import { Problem } from "../../../src/core/problem.ts";
import { createMatchIndex } from "../../../src/match/index/match-index.ts";
import type { MatchTable } from "../../../src/match/index/match-table.ts";
import { loadedMatchIndexes, matchIndexOf, matchPreloadSteps } from "../../../src/match/index/snapshot-match-index.ts";
import { startTestServer } from "../../helpers/test-server.ts";
import { tempDir } from "../../helpers/temp-dir.ts";

const sample = inject("sampleCatalog");

describe("match indexes of a snapshot", () => {
  it("preloads every platform, most games first, into indexes that answer as one built at once", async () => {
    const snapshot = loadCatalogSnapshot(sample.buildDir);
    try {
      const games = (slug: string): number => snapshot.manifest.platforms[slug]?.games ?? 0;
      const steps = [...matchPreloadSteps(snapshot)];
      expect(steps).toHaveLength(snapshot.platformSlugs.length);
      expect(loadedMatchIndexes(snapshot)).toEqual([]);
      // Each platform's step, run until done, completes exactly one more index: the order is observable.
      const order: string[] = [];
      await runIdleSteps(
        steps.map((step) => () => {
          if (step()) return true;
          order.push(...loadedMatchIndexes(snapshot).filter((slug) => !order.includes(slug)));
          return false;
        }),
        () => false,
      );
      const byGames = [...snapshot.platformSlugs].sort((a, b) => games(b) - games(a) || a.localeCompare(b));
      expect(games(byGames[0] ?? "")).toBeGreaterThan(games(byGames.at(-1) ?? ""));
      expect(order).toEqual(byGames);
      for (const slug of snapshot.platformSlugs) {
        const preloaded = matchIndexOf(snapshot, slug);
        const whole = createMatchIndex(JSON.parse(snapshot.matchTableText(slug) ?? "") as MatchTable);
        const table = JSON.parse(snapshot.matchTableText(slug) ?? "") as MatchTable;
        expect(preloaded?.table).toEqual(whole.table);
        for (const crc of table.crc) if (crc) expect(preloaded?.crc.get(crc)).toEqual(whole.crc.get(crc));
        for (const sha1 of table.sha1) if (sha1) expect(preloaded?.sha1.only(sha1)).toBe(whole.sha1.only(sha1));
        for (const [, name] of table.releases) expect(preloaded?.title.get(name)).toEqual(whole.title.get(name));
      }
    } finally {
      snapshot.close();
    }
  });

  it("builds, for a request, what is left of that platform only", () => {
    const snapshot = loadCatalogSnapshot(sample.buildDir);
    try {
      const games = (slug: string): number => snapshot.manifest.platforms[slug]?.games ?? 0;
      const [firstSlug, secondSlug] = [...snapshot.platformSlugs].sort((a, b) => games(b) - games(a) || a.localeCompare(b));
      const [first, second] = [...matchPreloadSteps(snapshot)];
      // Two pieces of the first platform, none of the second.
      expect(first?.()).toBe(true);
      expect(first?.()).toBe(true);
      expect(loadedMatchIndexes(snapshot)).toEqual([]);
      expect(matchIndexOf(snapshot, firstSlug ?? "")).toBeDefined();
      expect(loadedMatchIndexes(snapshot)).toEqual([firstSlug]);
      // The preload's step for a platform a request built has nothing left to do.
      expect(first?.()).toBe(false);
      expect(second?.()).toBe(true);
      expect(loadedMatchIndexes(snapshot)).not.toContain(secondSlug);
      expect(matchIndexOf(snapshot, "no-such-platform")).toBeUndefined();
    } finally {
      snapshot.close();
    }
  });

  it("answers an unreadable match table with a 503 problem, at preload and on request alike", async () => {
    const buildDir = path.join(tempDir("ludex-match-corrupt-"), "build");
    cpSync(sample.buildDir, buildDir, { recursive: true });
    const snapshot = loadCatalogSnapshot(buildDir);
    try {
      const slug = snapshot.platformSlugs[0] ?? "";
      const file = snapshot.manifest.platforms[slug]?.match ?? "";
      expect(readdirSync(path.dirname(path.join(buildDir, file)))).toContain(path.basename(file));
      writeFileSync(path.join(buildDir, file), '{"releases": [');
      await runIdleSteps(matchPreloadSteps(snapshot), () => false);
      expect(loadedMatchIndexes(snapshot)).not.toContain(slug);
      expect(loadedMatchIndexes(snapshot)).toHaveLength(snapshot.platformSlugs.length - 1);
      let thrown: unknown;
      try {
        matchIndexOf(snapshot, slug);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(Problem);
      expect((thrown as Problem).status).toBe(503);
      expect((thrown as Problem).detail).toContain(slug);
    } finally {
      snapshot.close();
    }
  });
});

describe("the server's idle preload", () => {
  it("builds every platform's match index after listening, unless LUDEX_MATCH_PRELOAD is off", async () => {
    const on = await startTestServer({ LUDEX_BUILD_DIR: sample.buildDir, LUDEX_MATCH_PRELOAD: "on" });
    const off = await startTestServer({ LUDEX_BUILD_DIR: sample.buildDir, LUDEX_MATCH_PRELOAD: "off" });
    const onSnapshot = on.ludex.catalog.peek();
    const offSnapshot = off.ludex.catalog.peek();
    if (!onSnapshot || !offSnapshot) throw new Error("no snapshot");
    const deadline = Date.now() + 10_000;
    while (loadedMatchIndexes(onSnapshot).length < onSnapshot.platformSlugs.length && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(loadedMatchIndexes(onSnapshot).sort()).toEqual([...onSnapshot.platformSlugs].sort());
    expect(loadedMatchIndexes(offSnapshot)).toEqual([]);
    const answer = await fetch(off.url("/api/v1/games/"), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ systemId: offSnapshot.platformSlugs[0], items: [{ name: "x.bin" }] }),
    });
    expect(answer.status).toBe(200);
    expect(loadedMatchIndexes(offSnapshot)).toEqual([offSnapshot.platformSlugs[0]]);
  });

  it("builds no match index while requests keep coming, and takes up the rest when they pause", async () => {
    const server = await startTestServer({ LUDEX_BUILD_DIR: sample.buildDir, LUDEX_MATCH_PRELOAD: "on" });
    const snapshot = server.ludex.catalog.peek();
    if (!snapshot) throw new Error("no snapshot");
    // Four clients sending back to back from the moment the server listens: it is seldom idle, and
    // never for long. Unchecked, the preload builds the whole sample in a few milliseconds.
    const until = Date.now() + 1500;
    const client = async (): Promise<void> => {
      while (Date.now() < until) await (await fetch(server.url("/api/health/"))).text();
    };
    await Promise.all(Array.from({ length: 4 }, client));
    expect(loadedMatchIndexes(snapshot).length).toBeLessThan(snapshot.platformSlugs.length);
    const deadline = Date.now() + 10_000;
    while (loadedMatchIndexes(snapshot).length < snapshot.platformSlugs.length && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(loadedMatchIndexes(snapshot).sort()).toEqual([...snapshot.platformSlugs].sort());
  });
});
