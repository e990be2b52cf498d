// Plain JavaScript: scripts/ludex.js reads it before Node can strip types on every supported version.

/** V8 heap flags of the servers (`ludex serve`, `ludex start`): they hold a server's resident memory in check under load. */
export const serverHeapFlags = ["--max-semi-space-size=16", "--max-old-space-size=640"];

const serverCommands = new Set(["serve", "start"]);

/**
 * The heap flags a `ludex` command runs with: the servers' caps, or none (V8's own sizing) for the
 * batch commands (`ludex import`, `build`, ...), whose garbage collection the caps made much dearer.
 * @param {string} command
 * @returns {readonly string[]}
 */
export function heapFlagsFor(command) {
  return serverCommands.has(command) ? serverHeapFlags : [];
}
