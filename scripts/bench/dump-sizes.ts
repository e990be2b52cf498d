import { readFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gunzipSync, zstdCompressSync } from "node:zlib";
import type { DumpListing } from "../../src/catalog/dumps/dump-format.ts";

const mb = (bytes: number): string => (bytes >= 100_000 ? `${(bytes / 1e6).toFixed(2)} MB` : `${(bytes / 1e3).toFixed(1)} kB`);

/**
 * The dump size of every platform (gzip, as served) and their total, and for the three largest
 * what brotli (quality 9) and zstd (level 9) would give and cost: the evidence for shipping gzip only.
 */
export function dumpSizes(buildDir: string): string {
  const listing = JSON.parse(readFileSync(path.join(buildDir, "static/api/v1/dumps/index.json"), "utf8")) as DumpListing;
  const dumps = [...listing.dumps].sort((a, b) => b.bytes - a.bytes);
  const total = dumps.reduce((n, d) => n + d.bytes, 0);
  const lines = [`dump sizes (gzip), ${dumps.length} platforms, total ${mb(total)}:`];
  for (let i = 0; i < dumps.length; i += 4) {
    lines.push(
      `  ${dumps
        .slice(i, i + 4)
        .map((d) => `${d.system} ${mb(d.bytes)}`.padEnd(30))
        .join("")}`,
    );
  }
  lines.push("alternatives for the three largest (size vs gzip, compression time):");
  for (const d of dumps.slice(0, 3)) {
    const raw = gunzipSync(readFileSync(path.join(buildDir, "static/api/v1/dumps", `${d.system}.ndjson.gz`)));
    const time = (fn: () => Buffer): [number, number] => {
      const t = performance.now();
      const out = fn();
      return [out.length, performance.now() - t];
    };
    const [br, brMs] = time(() =>
      brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
    );
    const [zs, zsMs] = time(() => zstdCompressSync(raw, { params: { [constants.ZSTD_c_compressionLevel]: 9 } }));
    lines.push(
      `  ${d.system}: raw ${mb(raw.length)}, gzip ${mb(d.bytes)}; brotli-9 ${((br / d.bytes) * 100).toFixed(0)}% (${brMs.toFixed(0)} ms); zstd-9 ${((zs / d.bytes) * 100).toFixed(0)}% (${zsMs.toFixed(0)} ms)`,
    );
  }
  return lines.join("\n");
}
