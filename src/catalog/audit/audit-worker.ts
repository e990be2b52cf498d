import { parentPort, workerData } from "node:worker_threads";
import { lowerThreadPriority } from "../../core/thread-priority.ts";
import { auditSummary } from "./audit-summary.ts";
import type { AuditAnswer } from "./background-audit.ts";

/**
 * The worker thread of {@link startBackgroundAudit} (src/catalog/audit/background-audit.ts): one
 * summary, one answer. At the lowest priority: the build's two threads keep the cores, and the
 * summary takes the moments they leave (docs/performance.md, "Audit beside the build at the lowest priority").
 */
const { dbFile, keptFile } = workerData as { dbFile: string; keptFile: string | undefined };
lowerThreadPriority();
let answer: AuditAnswer;
try {
  answer = { summary: auditSummary(dbFile, keptFile) };
} catch (error) {
  answer = { error: error instanceof Error ? error.message : String(error) };
}
parentPort?.postMessage(answer);
