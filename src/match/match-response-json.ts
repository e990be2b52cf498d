import type { MatchResponseBody } from "./match-request.ts";
import type { MatchResult } from "./match-response-schemas.ts";
import { matchFragment } from "./shared-matches.ts";

/** A matched result whose `match` is shared: its text is joined from the cached fragment. */
function resultJson(result: MatchResult): string {
  if (result.status === "matched") {
    const fragment = matchFragment(result.match);
    const keys = Object.keys(result).length;
    if (fragment !== undefined && keys === (result.artwork === undefined ? 3 : 4)) {
      const head = `{"index":${result.index},"status":"matched","match":${fragment}`;
      return result.artwork === undefined ? `${head}}` : `${head},"artwork":${JSON.stringify(result.artwork)}}`;
    }
  }
  return JSON.stringify(result);
}

/**
 * The match answer as JSON text, byte for byte what `JSON.stringify(body)` gives (property-tested
 * in tests/match/match-response-json.test.ts), but joining each shared match's cached text instead
 * of serialising it again. Members are written in the order the matcher creates them.
 */
export function matchResponseJson(body: MatchResponseBody): string {
  let out = `{"systemId":${JSON.stringify(body.systemId)},"results":[`;
  for (let i = 0; i < body.results.length; i++) out += (i === 0 ? "" : ",") + resultJson(body.results[i] as MatchResult);
  out += "]";
  if (body.groups !== undefined) out += `,"groups":${JSON.stringify(body.groups)}`;
  return `${out}}`;
}
