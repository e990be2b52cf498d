import { closeSync, openSync, writeSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { createRecordRing } from "../../../src/catalog/store/record-ring.ts";
import { tempDir } from "../../helpers/temp-dir.ts";

const dir = tempDir();
const opened: number[] = [];
afterAll(() => {
  for (const fd of opened) closeSync(fd);
});

/** A file of records laid end to end (random bytes, so every byte value occurs), opened for reading and writing. */
function recordFile(lengths: readonly number[], seed: number): { fd: number; positions: number[]; bytes: Buffer } {
  const bytes = Buffer.alloc(lengths.reduce((n, l) => n + l, 0));
  let state = seed;
  for (let i = 0; i < bytes.length; i++) {
    state = (state * 1_103_515_245 + 12_345) >>> 0;
    bytes[i] = state >>> 24;
  }
  const positions: number[] = [];
  let at = 0;
  for (const length of lengths) {
    positions.push(at);
    at += length;
  }
  const fd = openSync(path.join(dir, `records-${seed}-${lengths.length}.bin`), "w+");
  opened.push(fd);
  writeSync(fd, bytes, 0, bytes.length, 0);
  return { fd, positions, bytes };
}

/** Overwrites record `slot` in the file with other bytes of the same length. */
function rewrite(file: ReturnType<typeof recordFile>, slot: number, length: number): string {
  const other = Buffer.alloc(length, 0xe9);
  writeSync(file.fd, other, 0, length, file.positions[slot]);
  return other.toString("latin1");
}

describe("createRecordRing", () => {
  it("gives each record's bytes, whatever the order of reads, through wraps and evictions", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 90 }), { minLength: 1, maxLength: 300 }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 2000 }),
        fc.integer({ min: 64, max: 1536 }),
        (lengths, reads, ringBytes) => {
          const file = recordFile(lengths, lengths.length * 7919 + ringBytes);
          const ring = createRecordRing(lengths.length, ringBytes);
          for (const pick of reads) {
            const slot = pick % lengths.length;
            const length = lengths[slot] as number;
            const start = file.positions[slot] as number;
            const expected = file.bytes.toString("latin1", start, start + length);
            expect(ring.read(slot, file.fd, start, length)).toBe(expected);
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it("frees the ring's end when it wraps, where records of the lap before may still lie", () => {
    // Lap 1 ends at 1020; lap 2 stops at 990 and wraps with a record of 40, leaving lap 1's record
    // at 1000 behind the new lap's first ones in the queue.
    const lengths = [...Array.from({ length: 51 }, () => 20), ...Array.from({ length: 33 }, () => 30), 40, 30, 30];
    const file = recordFile(lengths, 4);
    const ring = createRecordRing(lengths.length, 1024);
    const check = (slot: number): void => {
      const start = file.positions[slot] as number;
      const length = lengths[slot] as number;
      expect(ring.read(slot, file.fd, start, length), `slot ${slot}`).toBe(file.bytes.toString("latin1", start, start + length));
    };
    for (let slot = 0; slot < lengths.length; slot++) {
      check(slot);
      for (let earlier = 0; earlier <= slot; earlier++) check(earlier);
    }
  });

  it("answers a record again from memory until a ring's worth of other records has come in after it", () => {
    const lengths = Array.from({ length: 30 }, () => 50);
    const file = recordFile(lengths, 1);
    const ring = createRecordRing(lengths.length, 1024);
    const read = (slot: number): string => ring.read(slot, file.fd, file.positions[slot] as number, 50);
    const first = read(0);
    expect(first).toBe(file.bytes.toString("latin1", 0, 50));
    const changed = rewrite(file, 0, 50);
    // 20 records of 50 bytes fill 1000 of the 1024: the first is still held.
    for (let slot = 1; slot < 20; slot++) read(slot);
    expect(read(0)).toBe(first);
    // The 21st wraps to the start of the ring, where the first lay: it is read from the file again.
    read(20);
    expect(read(0)).toBe(changed);
    // The others after it are still held: the ring gives what it read, not the file's new bytes.
    const alsoChanged = rewrite(file, 5, 50);
    expect(read(5)).toBe(file.bytes.toString("latin1", 250, 300));
    expect(read(5)).not.toBe(alsoChanged);
  });

  it("reads a record larger than a sixteenth of the ring from the file each time, without holding it", () => {
    const file = recordFile([100, 10], 2);
    const ring = createRecordRing(2, 1024);
    expect(ring.read(0, file.fd, 0, 100)).toBe(file.bytes.toString("latin1", 0, 100));
    const changed = rewrite(file, 0, 100);
    expect(ring.read(0, file.fd, 0, 100)).toBe(changed);
  });

  it("refuses a short read, as of a truncated file, and keeps answering the records it holds", () => {
    const file = recordFile([40, 40], 3);
    const ring = createRecordRing(3, 1024);
    const held = ring.read(0, file.fd, 0, 40);
    expect(() => ring.read(2, file.fd, 60, 40)).toThrow(/short read/);
    expect(ring.read(0, file.fd, 0, 40)).toBe(held);
    expect(ring.read(1, file.fd, 40, 40)).toBe(file.bytes.toString("latin1", 40, 80));
  });
});
