/**
 * `node scripts/bench/compare-match-answers.ts <checkout> <checkout>`: the realistic match mix's
 * answers (scripts/bench/match-mix.ts, 20 bodies for each of its 45 platforms) from the matcher of
 * each checkout, on one build (`LUDEX_BUILD_DIR`, default this checkout's real test fixture), each
 * in a process of its own: every body without and with every artwork type, answered twice (the
 * second time from the memos the first filled). Each checkout's answer text must be the bytes of
 * `JSON.stringify` of its answer object; then the checkouts' answers are compared byte for byte.
 * Exits 1 on any difference.
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { projectRoot } from "../../src/config/config.ts";
import { artworkTypes } from "../../src/catalog/artwork/artwork-types.ts";
import { mixPlatforms } from "./match-mix.ts";

const buildDir = process.env.LUDEX_BUILD_DIR ?? path.join(projectRoot, ".ludex", "test-fixtures", "real", "build");
const ARTWORK_BASE_URL = "https://thumbnails.example";

interface AnswerJob {
  answerJson(): string;
  answer(): unknown;
}

/** Writes one checkout's answers, as SHA-256 digests in mix order, to `out`; counts texts unlike their objects. */
async function dump(root: string, bodiesFile: string, out: string): Promise<void> {
  const { loadCatalogSnapshot } = await import(path.resolve(root, "src/catalog/store/catalog-snapshot.ts"));
  const { Matcher } = await import(path.resolve(root, "src/match/engine/matcher.ts"));
  const matcher = new Matcher(loadCatalogSnapshot(buildDir), ARTWORK_BASE_URL) as { read(text: string): AnswerJob };
  const bodies = JSON.parse(readFileSync(bodiesFile, "utf8")) as string[];
  const digests: string[] = [];
  let unlike = 0;
  for (let pass = 0; pass < 2; pass++) {
    for (const body of bodies) {
      const text = matcher.read(body).answerJson();
      const bytes = Buffer.from(text, "latin1");
      if (!bytes.equals(Buffer.from(JSON.stringify(matcher.read(body).answer()), "utf8"))) unlike++;
      digests.push(createHash("sha256").update(bytes).digest("hex"));
    }
  }
  writeFileSync(out, JSON.stringify({ digests, unlike }));
}

const [command, ...args] = process.argv.slice(2);
if (command === "dump") {
  await dump(args[0] ?? "", args[1] ?? "", args[2] ?? "");
} else {
  const checkouts = process.argv.slice(2);
  const plain = mixPlatforms(buildDir, 20).flatMap((p) => p.bodies);
  const withArtwork = plain.map((body) => `${body.slice(0, -1)},"artworkTypes":${JSON.stringify(artworkTypes)}}`);
  const bodiesFile = path.join(os.tmpdir(), `ludex-match-answers-${process.pid}.json`);
  writeFileSync(bodiesFile, JSON.stringify([...plain, ...withArtwork]));
  const results = checkouts.map((checkout, k) => {
    const out = path.join(os.tmpdir(), `ludex-match-answers-${process.pid}-${k}.json`);
    const run = spawnSync(process.execPath, [fileURLToPath(import.meta.url), "dump", path.resolve(checkout), bodiesFile, out], {
      stdio: "inherit",
    });
    if (run.status !== 0) throw new Error(`the dump of ${checkout} exited with ${run.status}`);
    return JSON.parse(readFileSync(out, "utf8")) as { digests: string[]; unlike: number };
  });
  const [first, ...rest] = results;
  let failed = false;
  results.forEach((r, k) => {
    console.log(`${checkouts[k]}: ${r.digests.length} answers, ${r.unlike} texts unlike JSON.stringify of their objects`);
    if (r.unlike > 0) failed = true;
  });
  for (const [k, r] of rest.entries()) {
    const differ = r.digests.filter((d, i) => d !== first?.digests[i]).length;
    console.log(`${checkouts[k + 1]} against ${checkouts[0]}: ${differ} of ${r.digests.length} answers differ`);
    if (differ > 0 || r.digests.length !== first?.digests.length) failed = true;
  }
  process.exitCode = failed ? 1 : 0;
}
