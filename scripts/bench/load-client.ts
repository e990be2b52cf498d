/**
 * The benches' HTTP client, in a process of its own: `node scripts/bench/load-client.ts <spec.json>`
 * runs autocannon as the spec says ({@link LoadSpec}) and prints its {@link LoadResult} as JSON.
 * A client that shares the bench's heap (catalog tables, recorded answers, hundreds of MB) pauses
 * for that heap's garbage collection mid-run, and those pauses would be counted as the server's
 * latency (docs/performance.md, "Load client in a process of its own").
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";

/** What {@link runLoad} sends: each request's path (and body) drawn at random from `paths` (and `bodies`). */
export interface LoadSpec {
  readonly origin: string;
  readonly paths: readonly string[];
  readonly seconds: number;
  readonly connections: number;
  readonly method?: string;
  readonly bodies?: readonly string[];
  readonly headers?: Record<string, string>;
}

export interface LoadResult {
  readonly rps: number;
  /** Requests answered in the run. */
  readonly requests: number;
  readonly p50: number;
  readonly p99: number;
  readonly errors: number;
  readonly non2xx: number;
}

/** One autocannon run of `spec` in this process. */
export async function runLoad(spec: LoadSpec): Promise<LoadResult> {
  const { paths, bodies } = spec;
  const result = await autocannon({
    url: spec.origin,
    connections: spec.connections,
    duration: spec.seconds,
    requests: [
      {
        method: (spec.method ?? "GET") as "GET",
        headers: spec.headers,
        setupRequest: (req) => {
          const n = Math.floor(Math.random() * paths.length);
          return { ...req, path: paths[n] ?? "/", ...(bodies ? { body: bodies[n] } : {}) };
        },
      },
    ],
  });
  return {
    rps: result.requests.average,
    requests: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const spec = JSON.parse(readFileSync(process.argv[2] ?? "", "utf8")) as LoadSpec;
  process.stdout.write(`${JSON.stringify(await runLoad(spec))}\n`);
}
