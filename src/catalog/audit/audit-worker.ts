import { parentPort, workerData } from "node:worker_threads";
import { lowerThreadPriority } from "../../core/thread-priority.ts";
import { auditSummary } from "./audit-summary.ts";
import type { AuditAnswer } from "./background-audit.ts";

/**
 * The worker thread of {@link startBackgroundAudit} (src/catalog/audit/background-audit.ts): one
 * summary, one answer. A large audit runs at the lowest priority: the build's two threads keep the
 * cores, and the summary takes the moments they leave (docs/performance.md, "Audit beside the
 * build at the lowest priority"). A small one keeps its priority, so that the kernel's own work
 * (writing back the last build) does not hold up a build that is waiting only for it.
 */
const { dbFile, keptFile } = workerData as { dbFile: string; keptFile: string | undefined };
let answer: AuditAnswer;
try {
  answer = { summary: auditSummary(dbFile, keptFile, lowerThreadPriority) };
} catch (error) {
  answer = { error: error instanceof Error ? error.message : String(error) };
}
parentPort?.postMessage(answer);
