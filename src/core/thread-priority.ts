import { readlinkSync } from "node:fs";
import { getPriority, setPriority } from "node:os";

/** The lowest scheduling priority (the highest nice value) on Linux. */
const LOWEST_PRIORITY = 19;

/**
 * Gives the calling thread the lowest scheduling priority, leaving the process's other threads as
 * they are: Linux schedules threads by their own thread id, which `/proc/thread-self` names. For
 * background work that must not take cores from the work it runs beside. Returns the thread's
 * priority after the call, or undefined where threads cannot be told apart (not Linux).
 * @see https://man7.org/linux/man-pages/man2/setpriority.2.html (NOTES: per-thread on Linux)
 */
export function lowerThreadPriority(): number | undefined {
  let threadId: number;
  try {
    threadId = Number(readlinkSync("/proc/thread-self").split("/").at(-1));
  } catch {
    return undefined;
  }
  if (!Number.isInteger(threadId) || threadId <= 0) return undefined;
  try {
    setPriority(threadId, LOWEST_PRIORITY);
    return getPriority(threadId);
  } catch {
    return undefined;
  }
}
