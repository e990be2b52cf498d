import { describe, expect, it } from "vitest";
import { type IdleStep, runIdleSteps } from "../../src/core/idle-steps.ts";

describe("runIdleSteps", () => {
  it("runs each step until it says it is done, one step a turn, with I/O callbacks between steps", async () => {
    const trace: string[] = [];
    let left = 3;
    const steps: IdleStep[] = [
      () => {
        trace.push(`a${left}`);
        // A callback queued now runs before the next step: the loop yields after every step.
        setImmediate(() => trace.push("io"));
        return --left > 0;
      },
      () => {
        trace.push("b");
        return false;
      },
    ];
    await runIdleSteps(steps, () => false);
    expect(trace).toEqual(["a3", "io", "a2", "io", "a1", "io", "b"]);
  });

  it("stops as soon as it is told to, and drops a step that throws", async () => {
    const ran: string[] = [];
    let stop = false;
    const steps: IdleStep[] = [
      () => {
        ran.push("fails");
        throw new Error("corrupt");
      },
      () => {
        ran.push("stops");
        stop = true;
        return true;
      },
      () => {
        ran.push("never");
        return false;
      },
    ];
    await runIdleSteps(steps, () => stop);
    expect(ran).toEqual(["fails", "stops"]);
  });

  it("runs no step while busy() says so, and goes on once it stops", async () => {
    let busy = true;
    let ran = 0;
    const steps: IdleStep[] = [
      () => {
        ran++;
        return ran < 3;
      },
    ];
    const done = runIdleSteps(
      steps,
      () => false,
      () => busy,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(ran).toBe(0);
    busy = false;
    await done;
    expect(ran).toBe(3);
  });

  it("reads a lazy list only as far as it runs", async () => {
    let made = 0;
    function* lazy(): Generator<IdleStep> {
      for (;;) {
        made++;
        yield () => false;
      }
    }
    await runIdleSteps(lazy(), () => made >= 5);
    expect(made).toBe(5);
  });
});
