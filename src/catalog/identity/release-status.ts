import type { DevStatus, ParsedGameName } from "../names/parse-game-name.ts";

/** A qualified demo tag the name parser keeps among its extra tags ("Edit Mode Demo", "Multiplayer Trial"). */
const DEMO_TAG_RE = /\b(?:demo|trial|taikenban|kiosk)\b/i;

/**
 * A release's status as a ROM manager needs it: the parsed status, and `demo` also for a demo,
 * trial or kiosk tag the parser kept whole ("Dynasty Warriors 7 - Empires (USA) (Edit Mode Demo)").
 */
export function releaseStatus(parsed: Pick<ParsedGameName, "status" | "extra">): DevStatus {
  if (parsed.status !== "release") return parsed.status;
  return parsed.extra.some((tag) => DEMO_TAG_RE.test(tag)) ? "demo" : "release";
}
