import { releaseStatus } from "../../catalog/identity/release-status.ts";
import { parseGameName } from "../../catalog/names/parse-game-name.ts";
import type { MatchCandidate } from "../schema/match-response-schemas.ts";

/**
 * What a matched release is when it is not the finished product, read from its DAT name as the
 * catalog reads it: a demo, trial, kiosk or taikenban release is `demo`, and so on. A record
 * holds its game's demos among its releases, so the answer says so itself: a ROM manager is never
 * told it holds the full game when it holds a demo.
 */
export function releaseStatusOf(datName: string): Pick<MatchCandidate, "releaseStatus"> {
  const status = releaseStatus(parseGameName(datName));
  return status === "release" ? {} : { releaseStatus: status };
}
