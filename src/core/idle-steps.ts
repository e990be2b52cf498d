/** A piece of background work; returns true when it has more to do (it runs again in the next turn). */
export type IdleStep = () => boolean;

/**
 * Runs `steps` one per turn of the event loop, each after the I/O that arrived meanwhile, so a
 * request waits for at most one step. Stops when the steps run out or `stopped()` says so. A
 * step that throws is dropped: whatever needs its work meets the error itself, and answers for it.
 */
export function runIdleSteps(steps: Iterable<IdleStep>, stopped: () => boolean): Promise<void> {
  const pending = steps[Symbol.iterator]();
  let current: IdleStep | undefined;
  return new Promise((resolve) => {
    const next = (): void => {
      if (stopped()) {
        resolve();
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
