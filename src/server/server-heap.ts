import v8 from "node:v8";

/**
 * Turns off V8's allocation-site pretenuring for the serving process. V8 counts, per object or
 * array literal, how many of its objects outlive a scavenge, and past 85 % allocates all later
 * ones straight in the old generation. While a platform's match index is built (its first match
 * request), literals the request path shares read a ratio just over that line in some processes
 * and not in others (0.851 against the 0.85 threshold, `--trace-pretenuring-statistics`). Where
 * they did, every request's items and results went to the old generation, pulling the request
 * body and its strings after them: about 20 KB a request promoted, a full collection every 0.6 s,
 * and V8's helper threads using 40–130 µs of CPU per 100-item match request where they otherwise
 * use 2–5. Measured on fresh servers, one at a time, under `bench:match`'s bodies: with it,
 * each settled at 186–197 µs of main-thread CPU a request and 261–273 MB resident; without it,
 * five of five in the same hour used 218–276 µs and 335–344 MB. Long-lived data is still
 * promoted, by surviving two scavenges; only the guess is gone. V8 reads the flag at each
 * scavenge (`PretenuringHandler`, src/heap/pretenuring-handler.cc), so setting it before the
 * server loads anything takes full effect.
 */
export function tuneServerHeap(): void {
  v8.setFlagsFromString("--no-allocation-site-pretenuring");
}
