import v8 from "node:v8";

/**
 * Turns off V8's allocation-site pretenuring for the serving process. V8 guesses, per object or
 * array literal, whether its objects will live long and then allocates them straight in the old
 * generation; literals on the request path sit just over its threshold in some processes, and
 * there every request's items and results went to the old generation, with far more GC work per
 * request (measurements: docs/performance.md, "Allocation-site pretenuring"). Long-lived data is
 * still promoted by surviving scavenges; only the guess is gone. V8 reads the flag at each scavenge
 * (`PretenuringHandler`, src/heap/pretenuring-handler.cc), so setting it before the server loads
 * anything takes full effect.
 */
export function tuneServerHeap(): void {
  v8.setFlagsFromString("--no-allocation-site-pretenuring");
}
