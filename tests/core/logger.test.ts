import { spawnSync } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Writable } from "node:stream";
import { describe, expect, it, vi } from "vitest";
import type { RequestLine } from "../../src/core/logger.ts";
import { projectRoot } from "../helpers/paths.ts";

const LINES = 20_000;

/** Runs a Node process that logs LINES lines through createPinoLog to its stdout (a pipe), then ends as `ending` says. */
function logThenEnd(ending: string): { lines: string[]; status: number | null } {
  const logger = pathToFileURL(path.join(projectRoot, "src", "core", "logger.ts")).href;
  const script = `
    const { createPinoLog } = await import(${JSON.stringify(logger)});
    const log = createPinoLog("info");
    for (let i = 0; i < ${LINES}; i++) log({ msg: "request", n: i });
    ${ending}
  `;
  const child = spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  return { lines: child.stdout.split("\n").filter(Boolean), status: child.status };
}

function expectEveryLine(lines: readonly string[]): void {
  expect(lines).toHaveLength(LINES);
  const numbers = lines.map((line) => (JSON.parse(line) as { n: number }).n);
  expect(new Set(numbers).size).toBe(LINES);
  expect(Math.max(...numbers)).toBe(LINES - 1);
}

describe("the batched log destination", () => {
  it("writes every queued line when the process exits by itself", () => {
    const { lines, status } = logThenEnd("");
    expect(status).toBe(0);
    expectEveryLine(lines);
  });

  it("writes every queued line on process.exit", () => {
    const { lines, status } = logThenEnd("process.exit(3);");
    expect(status).toBe(3);
    expectEveryLine(lines);
  });

  it("writes every queued line when the process dies of an uncaught exception", () => {
    const { lines, status } = logThenEnd(`setImmediate(() => { throw new Error("crash"); });`);
    expect(status).toBe(1);
    expectEveryLine(lines);
  });

  it("writes a quiet process's line within the batch time, without flush or exit", () => {
    const logger = pathToFileURL(path.join(projectRoot, "src", "core", "logger.ts")).href;
    const script = `
      const { createPinoLog } = await import(${JSON.stringify(logger)});
      const log = createPinoLog("info");
      log({ msg: "alone" });
      setTimeout(() => process.kill(process.pid, "SIGKILL"), 1000);
    `;
    const child = spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
    expect(child.signal).toBe("SIGKILL");
    expect(child.stdout).toContain('"msg":"alone"');
  });

  it("flush() writes the queue at once", () => {
    const { lines, status } = logThenEnd("log.flush(); process.kill(process.pid, 'SIGKILL');");
    expect(status).toBe(null);
    expectEveryLine(lines);
  });
});

describe("isoTimestamp", () => {
  it("writes pino's isoTime field, the same string within one millisecond", async () => {
    const { isoTimestamp } = await import("../../src/core/logger.ts");
    const pino = (await import("pino")).default;
    const before = Date.now();
    const field = isoTimestamp();
    const match = /^,"time":"(.+)"$/.exec(field);
    expect(match).not.toBeNull();
    const at = Date.parse(match?.[1] ?? "");
    expect(at).toBeGreaterThanOrEqual(before);
    expect(at).toBeLessThanOrEqual(Date.now());
    expect(pino.stdTimeFunctions.isoTime().replace(/"[^"]+"$/, "")).toBe(field.replace(/"[^"]+"$/, ""));
    expect(new Date(at).toISOString()).toBe(match?.[1]);
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 24, 6, 0, 0, 123), toFake: ["Date"] });
    try {
      const first = isoTimestamp();
      expect(first).toBe(',"time":"2026-11-24T06:00:00.123Z"');
      expect(isoTimestamp()).toBe(first);
      vi.advanceTimersByTime(1);
      expect(isoTimestamp()).toBe(',"time":"2026-11-24T06:00:00.124Z"');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("request lines", () => {
  const collect = (): { sink: Writable; text: () => string } => {
    let text = "";
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        text += chunk.toString();
        done();
      },
    });
    return { sink, text: () => text };
  };
  const lines: RequestLine[] = [
    {
      requestId: "a39c4d62-d213-4ee2-a30d-fdf7cf3e5d69",
      method: "GET",
      route: "/api/v1/games/",
      status: 200,
      durationMs: 0.42,
      bytes: 3120,
      aborted: false,
    },
    { requestId: "r-2", method: "POST", route: "/api/v1/roms/match/", status: 429, durationMs: 12, bytes: 0, aborted: true },
    { requestId: "r-3", method: "M-SEARCH", route: "unrouted", status: 400, durationMs: 1234.56, bytes: 99_999_999, aborted: false },
    { requestId: 'q"uo\\te', method: "GET", route: "/jeux/é/ü", status: 304, durationMs: 0, bytes: 187, aborted: true },
  ];

  it("writes, byte for byte, the line pino writes for the same record", async () => {
    const { createPinoLog } = await import("../../src/core/logger.ts");
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 24, 6, 0, 0, 5), toFake: ["Date"] });
    try {
      const fast = collect();
      const generic = collect();
      const fastLog = createPinoLog("info", fast.sink);
      const genericLog = createPinoLog("info", generic.sink);
      // Twice: the second pass takes the remembered route and method strings.
      for (const line of [...lines, ...lines]) {
        fastLog.request(line);
        const { aborted, ...fields } = line;
        genericLog({ level: "info", msg: "request", ...fields, ...(aborted ? { aborted } : {}) });
      }
      await new Promise((r) => setImmediate(r));
      expect(fast.text().split("\n")).toHaveLength(2 * lines.length + 1);
      expect(fast.text()).toBe(generic.text());
      expect(JSON.parse(fast.text().split("\n")[1] ?? "")).toMatchObject({ level: 30, service: "ludex", status: 429, aborted: true });
    } finally {
      vi.useRealTimers();
    }
  });

  it("writes no request line below info", async () => {
    const { createPinoLog } = await import("../../src/core/logger.ts");
    const out = collect();
    const log = createPinoLog("warn", out.sink);
    for (const line of lines) log.request(line);
    log({ level: "warn", msg: "kept" });
    await new Promise((r) => setImmediate(r));
    expect(out.text()).toContain('"msg":"kept"');
    expect(out.text()).not.toContain('"msg":"request"');
  });
});
