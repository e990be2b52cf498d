import { parentPort, workerData } from "node:worker_threads";
import { auditSummary } from "./audit-summary.ts";
import type { AuditAnswer } from "./background-audit.ts";

/** The worker thread of {@link startBackgroundAudit} (src/catalog/audit/background-audit.ts): one summary, one answer. */
const { dbFile, keptFile } = workerData as { dbFile: string; keptFile: string | undefined };
let answer: AuditAnswer;
try {
  answer = { summary: auditSummary(dbFile, keptFile) };
} catch (error) {
  answer = { error: error instanceof Error ? error.message : String(error) };
}
parentPort?.postMessage(answer);
