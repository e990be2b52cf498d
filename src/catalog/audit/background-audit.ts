import path from "node:path";
import { Worker } from "node:worker_threads";
import { type AuditSummary, auditSummary } from "./audit-summary.ts";

const auditWorkerFile = path.join(import.meta.dirname, "audit-worker.ts");

/** What the audit worker posts (src/catalog/audit/audit-worker.ts). */
export interface AuditAnswer {
  readonly summary?: AuditSummary;
  readonly error?: string;
}

export interface BackgroundAudit {
  /** The summary; one that failed in the worker is made again here, so that its error is the one a direct call throws. */
  result(): Promise<AuditSummary>;
  /** Stops the worker (the caller failed before it wanted the result). */
  cancel(): void;
}

/**
 * {@link auditSummary} on a worker thread, so that `ludex build` makes its audit line beside the
 * build (which only reads the same database) instead of after it.
 */
export function startBackgroundAudit(dbFile: string, keptFile: string | undefined): BackgroundAudit {
  const worker = new Worker(auditWorkerFile, { workerData: { dbFile, keptFile } });
  // A build that fails must not be kept alive by its audit.
  worker.unref();
  const answer = new Promise<AuditAnswer>((resolve) => {
    worker.once("message", (message: AuditAnswer) => resolve(message));
    worker.once("error", (error) => resolve({ error: error.message }));
    worker.once("exit", (code) => resolve({ error: `the audit worker exited with code ${code}` }));
  });
  return {
    async result(): Promise<AuditSummary> {
      worker.ref();
      const { summary } = await answer;
      void worker.terminate();
      return summary ?? auditSummary(dbFile, keptFile);
    },
    cancel(): void {
      void worker.terminate();
    },
  };
}
