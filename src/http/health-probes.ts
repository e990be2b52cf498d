/**
 * A dependency the service needs to answer correctly (Redis, the identity database). `check`
 * resolves when the dependency answers and rejects otherwise; /api/health/ runs every probe and
 * answers 503 when one fails, so that a load balancer takes the instance out.
 */
export interface HealthProbe {
  readonly name: string;
  check(): Promise<void>;
}

export interface ProbeReport {
  readonly status: "ok" | "down";
  readonly latencyMs: number;
  readonly detail?: string;
}

/** How long a probe may take before it counts as down. */
export const PROBE_TIMEOUT_MS = 1000;

/** Runs every probe at once, each bounded by {@link PROBE_TIMEOUT_MS}. */
export async function runProbes(probes: readonly HealthProbe[], timeoutMs = PROBE_TIMEOUT_MS): Promise<Record<string, ProbeReport>> {
  const reports = await Promise.all(
    probes.map(async (probe): Promise<[string, ProbeReport]> => {
      const start = performance.now();
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      });
      try {
        await Promise.race([probe.check(), timeout]);
        return [probe.name, { status: "ok", latencyMs: Math.round(performance.now() - start) }];
      } catch (error) {
        return [
          probe.name,
          {
            status: "down",
            latencyMs: Math.round(performance.now() - start),
            detail: error instanceof Error ? error.message : String(error),
          },
        ];
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  return Object.fromEntries(reports);
}
