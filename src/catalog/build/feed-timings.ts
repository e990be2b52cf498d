/**
 * Time the build spends on the change log and the dumps, summed over one build process, for
 * `npm run bench:build` to report what they add (src/catalog/changes/, src/catalog/dumps/).
 */
export const feedTimings = { changesMs: 0, dumpsMs: 0 };

/** Runs `fn`, adding its duration to `feedTimings[key]`. */
export function timed<T>(key: keyof typeof feedTimings, fn: () => T): T {
  const started = performance.now();
  try {
    return fn();
  } finally {
    feedTimings[key] += performance.now() - started;
  }
}
