/** A piece of background work; returns true when it has more to do (it runs again in the next turn). */
export type IdleStep = () => boolean;

/** How long a run waits before it asks `busy()` again. */
const BUSY_RETRY_MS = 20;

/**
 * Runs `steps` one per turn of the event loop, each after the I/O that arrived meanwhile, so a
 * request waits for at most one step; while `busy()` says so (requests in flight), no step runs,
 * so that work done ahead of requests never slows the ones being answered. Stops when the steps
 * run out or `stopped()` says so. A step that throws is dropped: whatever needs its work meets
 * the error itself, and answers for it.
 */
export function runIdleSteps(steps: Iterable<IdleStep>, stopped: () => boolean, busy: () => boolean = () => false): Promise<void> {
  const pending = steps[Symbol.iterator]();
  let current: IdleStep | undefined;
  return new Promise((resolve) => {
    const next = (): void => {
      if (stopped()) {
        resolve();
        return;
      }
      if (busy()) {
        setTimeout(next, BUSY_RETRY_MS);
        return;
      }
      if (current === undefined) {
        const item = pending.next();
        if (item.done) {
          resolve();
          return;
        }
        current = item.value;
      }
      try {
        if (current() !== true) current = undefined;
      } catch {
        current = undefined;
      }
      setImmediate(next);
    };
    setImmediate(next);
  });
}
