import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createBatchedWriter } from "../../src/core/batched-writer.ts";

describe("createBatchedWriter", () => {
  let dir: string;
  let file: string;
  let fd: number;
  const written = (): string => readFileSync(file, "utf8");

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), "ludex-writer-"));
    file = path.join(dir, "out.log");
    fd = openSync(file, "a");
  });
  afterEach(() => {
    vi.useRealTimers();
    closeSync(fd);
    rmSync(dir, { recursive: true, force: true });
  });

  it("writes every line, byte for byte and in order, across many batches and any UTF-8 length", () => {
    const writer = createBatchedWriter(fd, { batchBytes: 64, batchMs: 10_000 });
    const lines: string[] = [];
    const pieces = ["a", "é", "ソニック", "🎮", '"quoted"\\', "x".repeat(21)];
    for (let i = 0; i < 500; i++) lines.push(`${i}:${pieces[i % pieces.length]?.repeat(1 + (i % 4))}\n`);
    for (const line of lines) writer.write(line);
    writer.flushSync();
    expect(written()).toBe(lines.join(""));
  });

  it("writes a full batch before a line that might not fit, and nothing before", () => {
    const writer = createBatchedWriter(fd, { batchBytes: 30, batchMs: 10_000 });
    for (let i = 0; i < 4; i++) writer.write(`l${i}ab\n`);
    expect(written()).toBe("");
    writer.write("l4ab\n");
    expect(written()).toBe("l0ab\nl1ab\nl2ab\nl3ab\n");
    writer.flushSync();
    expect(written()).toBe("l0ab\nl1ab\nl2ab\nl3ab\nl4ab\n");
  });

  it("writes a line longer than the batch whole, after the lines before it", () => {
    const writer = createBatchedWriter(fd, { batchBytes: 32, batchMs: 10_000 });
    const long = `${"é".repeat(40)}\n`;
    writer.write("first\n");
    writer.write(long);
    writer.write("last\n");
    writer.flushSync();
    expect(written()).toBe(`first\n${long}last\n`);
  });

  it("writes a batch that does not fill within batchMs of its first line", () => {
    vi.useFakeTimers();
    const writer = createBatchedWriter(fd, { batchBytes: 65_536, batchMs: 200 });
    writer.write("quiet\n");
    vi.advanceTimersByTime(199);
    expect(written()).toBe("");
    vi.advanceTimersByTime(1);
    expect(written()).toBe("quiet\n");
    writer.write("again\n");
    vi.advanceTimersByTime(200);
    expect(written()).toBe("quiet\nagain\n");
  });

  it("flushSync on an empty batch writes nothing and can be called again", () => {
    const writer = createBatchedWriter(fd, { batchBytes: 64, batchMs: 10 });
    writer.flushSync();
    writer.write("one\n");
    writer.flushSync();
    writer.flushSync();
    expect(written()).toBe("one\n");
  });
});
