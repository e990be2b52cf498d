/**
 * Preloaded (`node --import`) into a `ludex build` that compare-builds.ts runs: the wall clock
 * reads $LUDEX_BENCH_FIXED_TIME (milliseconds) on every thread, so that two builds of one catalog
 * carry the same build time and can be compared byte for byte. Timers (`performance.now()`) are
 * left alone.
 */
const fixed = Number(process.env.LUDEX_BENCH_FIXED_TIME);
if (Number.isFinite(fixed)) {
  const RealDate = Date;
  class FixedDate extends RealDate {
    constructor(...args: ConstructorParameters<DateConstructor> | []) {
      if (args.length === 0) super(fixed);
      else super(...(args as ConstructorParameters<DateConstructor>));
    }
    static override now(): number {
      return fixed;
    }
  }
  globalThis.Date = FixedDate as DateConstructor;
}
