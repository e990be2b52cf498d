import type { Log } from "../core/logger.ts";

/** Reports a dependency's outages to the log once each: the first failure, then the recovery. */
export interface OutageLog {
  failed(error: unknown): void;
  succeeded(): void;
  readonly down: boolean;
}

export function createOutageLog(dependency: string, log: Log): OutageLog {
  let down = false;
  let since = 0;
  return {
    get down() {
      return down;
    },
    failed(error) {
      if (down) return;
      down = true;
      since = Date.now();
      log({ level: "error", msg: `${dependency} unreachable`, dependency, err: error instanceof Error ? error.message : String(error) });
    },
    succeeded() {
      if (!down) return;
      down = false;
      log({ level: "warn", msg: `${dependency} reachable again`, dependency, outageMs: Date.now() - since });
    },
  };
}
