import type { QuotaSetting } from "./config.ts";

/**
 * A quota in words, as the documents quote the configured limits:
 * "10 registrations per hour", "10 failures per 15 minutes", "no limit on registrations" (quota 0 turns a limit off).
 */
export function perWindow(limit: QuotaSetting, units: string): string {
  if (limit.quota === 0) return `no limit on ${units}`;
  const s = limit.windowSeconds;
  const window =
    s === 3600
      ? "hour"
      : s === 86_400
        ? "day"
        : s === 60
          ? "minute"
          : s % 3600 === 0
            ? `${s / 3600} hours`
            : s % 60 === 0
              ? `${s / 60} minutes`
              : `${s} seconds`;
  return `${limit.quota} ${units} per ${window}`;
}
