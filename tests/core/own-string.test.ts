import v8 from "node:v8";
import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { ownString } from "../../src/core/own-string.ts";

v8.setFlagsFromString("--expose-gc");
const gc = vm.runInNewContext("gc") as () => void;

/** Heap bytes still used, after a full collection, while `keep` holds a name read from each of 100 request bodies of 100 KB. */
function heapHolding(keep: (name: string) => string): number {
  gc();
  const before = process.memoryUsage().heapUsed;
  const names: string[] = [];
  for (let i = 0; i < 100; i++) {
    const body = new TextDecoder().decode(
      Buffer.from(JSON.stringify({ name: `Super Mario World (USA) ${i}.zip`, pad: "x".repeat(100_000) })),
    );
    names.push(keep(body.slice(9, body.indexOf('"', 9))));
  }
  gc();
  const held = process.memoryUsage().heapUsed - before;
  expect(names[7]).toBe("Super Mario World (USA) 7.zip");
  return held;
}

describe("ownString", () => {
  it("gives the same chars, outside Latin-1 and lone surrogates included", () => {
    for (const text of ["", "tmd.1", "Super Mario World (USA).zip", "ロックマン (Japan).zip", "a\uD800b", "x".repeat(2000)])
      expect(ownString(text)).toBe(text);
  });

  it("keeps nothing of the body a name was sliced from, where the slice keeps all of it", () => {
    expect(heapHolding((name) => name)).toBeGreaterThan(5_000_000);
    expect(heapHolding(ownString)).toBeLessThan(500_000);
  });
});
