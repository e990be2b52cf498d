/**
 * npm run bench:scan — the TypeScript client's fingerprinting as `ludex scan` runs it
 * (`scanFolder`: walk, read, CRC-32 + MD5 with hash-wasm and SHA-1 with Web Crypto, header
 * detection and the headerless hashes) over a folder of 1,000 generated small files (4–64 KiB, in nes/, snes/, gb/,
 * gba/ folders, a third of the NES and SNES files headered), pinned to one core (taskset -c 0,
 * one libuv thread). Prints files per CPU-second of the process (the figure the target is about:
 * the machine is shared, so wall time also counts other processes' turns on the core) and per
 * wall-clock second, and MB/s, each round paired with a baseline in the same
 * process: the same files read and hashed with Node's native crypto and zlib.crc32 (no header
 * logic), so the ratio says what the portable WebAssembly hashing costs. Target ≥ 5,000 files/s.
 * Needs no catalog. BENCH_FILES and BENCH_ROUNDS change the defaults (1,000 and 7).
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { crc32 } from "node:zlib";
import { PlatformGuesser } from "@ludex/client";
import { scanFolder } from "@ludex/client/node";
import platformsTable from "../../data/platforms.json" with { type: "json" };
import { middle } from "./bench-support.ts";

const FILES = Number(process.env.BENCH_FILES ?? 1000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);

// One core: re-run pinned to CPU 0 with one libuv thread, unless already done or taskset is missing.
if (process.env.BENCH_PINNED !== "1" && spawnSync("taskset", ["--version"]).status === 0) {
  const result = spawnSync("taskset", ["-c", "0", process.execPath, ...process.execArgv, ...process.argv.slice(1)], {
    stdio: "inherit",
    env: { ...process.env, BENCH_PINNED: "1", UV_THREADPOOL_SIZE: "1" },
  });
  process.exit(result.status ?? 1);
}

/** Deterministic bytes: a xorshift stream seeded by the file's number. */
function bytes(seed: number, size: number): Uint8Array {
  const out = new Uint8Array(size);
  let x = (seed * 2654435761) >>> 0 || 1;
  for (let i = 0; i < size; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}

function generate(root: string): number {
  const folders = ["nes", "snes", "gb", "gba"] as const;
  let total = 0;
  for (const folder of folders) mkdirSync(path.join(root, folder));
  for (let i = 0; i < FILES; i++) {
    const folder = folders[i % folders.length] as (typeof folders)[number];
    const size = 4096 * (1 + (i % 16));
    let data = bytes(i + 1, size);
    if (i % 3 === 0 && folder === "nes") data = Buffer.concat([Buffer.from("NES\x1a\x01\x01\0\0\0\0\0\0\0\0\0\0", "latin1"), data]);
    if (i % 3 === 0 && folder === "snes") data = Buffer.concat([Buffer.alloc(512), data]);
    const ext = { nes: "nes", snes: "smc", gb: "gb", gba: "gba" }[folder];
    writeFileSync(path.join(root, folder, `Generated ${String(i).padStart(4, "0")}.${ext}`), data);
    total += data.length;
  }
  return total;
}

/** The baseline: every file read and hashed with Node's native hashes, one after another; sha1 by relative path. */
function nativeHashes(root: string): Map<string, string> {
  const sha1s = new Map<string, string>();
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const data = readFileSync(file);
    crc32(data);
    createHash("md5").update(data).digest("hex");
    sha1s.set(path.relative(root, file).split(path.sep).join("/"), createHash("sha1").update(data).digest("hex"));
  }
  return sha1s;
}

/** Files per second of wall time and per second of this process's CPU time (all its threads), running `work` once. */
async function measure(work: () => Promise<number> | number): Promise<{ wall: number; cpu: number }> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const files = await work();
  const wall = (performance.now() - start) / 1000;
  const used = process.cpuUsage(cpu);
  return { wall: files / wall, cpu: files / ((used.user + used.system) / 1e6) };
}

const root = mkdtempSync(path.join(os.tmpdir(), "ludex-bench-scan-"));
try {
  const bytesTotal = generate(root);
  const guesser = new PlatformGuesser(
    platformsTable.platforms.map((p) => ({ id: p.slug, name: p.name, libretroName: p.libretroName, aliases: p.aliases })),
  );
  // Warm-up (WebAssembly compiled, page cache filled), and the client's hashes checked against Node's.
  const expected = nativeHashes(root);
  for (const file of await scanFolder(root, { guesser })) {
    if (file.fingerprint?.sha1 !== expected.get(file.path))
      throw new Error(`${file.path}: sha1 ${file.fingerprint?.sha1}, expected ${expected.get(file.path)}`);
  }
  const client: { wall: number; cpu: number }[] = [];
  const native: { wall: number; cpu: number }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    client.push(
      await measure(async () => {
        const files = await scanFolder(root, { guesser });
        if (files.length !== FILES) throw new Error(`scanned ${files.length} files, expected ${FILES}`);
        return files.length;
      }),
    );
    native.push(await measure(() => nativeHashes(root).size));
  }
  const headered = (await scanFolder(root, { guesser })).filter((f) => f.fingerprint?.headerless).length;
  const mb = bytesTotal / FILES / 1e6;
  const span = (list: readonly number[]): string => `${Math.round(Math.min(...list))}–${Math.round(Math.max(...list))}`;
  const line = (label: string, rounds: readonly { wall: number; cpu: number }[]): string => {
    const cpu = rounds.map((r) => r.cpu);
    const wall = rounds.map((r) => r.wall);
    return `  ${label.padEnd(18)} ${Math.round(middle(cpu))} files per CPU-second (${span(cpu)}), ${(middle(cpu) * mb).toFixed(0)} MB; wall clock ${Math.round(middle(wall))} files/s (${span(wall)})`;
  };
  console.log(
    `bench:scan: ${FILES} files of 4–64 KiB, ${(bytesTotal / 1e6).toFixed(1)} MB (${headered} headered), ${ROUNDS} rounds, ${process.env.BENCH_PINNED === "1" ? "pinned to CPU 0, one libuv thread" : "not pinned (no taskset)"}; hashes checked against node:crypto`,
  );
  console.log(line("client scanFolder", client));
  console.log(line("native baseline", native));
  const ratio = middle(client.map((r) => r.cpu)) / middle(native.map((r) => r.cpu));
  console.log(
    `  client / native    ${ratio.toFixed(2)} (CPU); target ≥ 5000 files per second on one core: ${middle(client.map((r) => r.cpu)) >= 5000 ? "met" : "NOT met"}`,
  );
} finally {
  rmSync(root, { recursive: true, force: true });
}
