import { writeFileSync } from "node:fs";

/**
 * Preloaded (`node --import`) into a CLI process that bench:build runs: writes its peak RSS, worker
 * threads included, to $LUDEX_BENCH_RSS_FILE as it exits.
 */
const file = process.env.LUDEX_BENCH_RSS_FILE;
if (file) process.on("exit", () => writeFileSync(file, String(process.resourceUsage().maxRSS / 1024)));
