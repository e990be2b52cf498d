// Plain JavaScript: scripts/ludex.js reads it before Node can strip types on every supported version.

/** V8 heap flags of the servers (`ludex serve`, `ludex start`): they hold a server's resident memory in check under load. */
export const serverHeapFlags = ["--max-semi-space-size=16", "--max-old-space-size=640"];

/**
 * V8 heap flags of the batch commands (`ludex import`, `build`, ...): a larger young generation and
 * V8's own old-generation limit, which cut the garbage collection of a full build by more than half.
 */
export const batchHeapFlags = ["--max-semi-space-size=64"];

const serverCommands = new Set(["serve", "start"]);
const batchCommands = new Set(["import", "build", "publish", "audit", "thumbnails"]);

/**
 * The heap flags a `ludex` command runs with (none for the short commands, which run with whatever they get).
 * @param {string} command
 * @returns {readonly string[]}
 */
export function heapFlagsFor(command) {
  if (serverCommands.has(command)) return serverHeapFlags;
  if (batchCommands.has(command)) return batchHeapFlags;
  return [];
}
