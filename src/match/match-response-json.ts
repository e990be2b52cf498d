import type { MatchResponseBody } from "./match-request.ts";
import type { MatchResult } from "./match-response-schemas.ts";
import { matchFragment } from "./shared-matches.ts";
import { utf8AsLatin1 } from "../core/utf8-as-latin1.ts";

/** A matched result whose `match` is shared: its text is joined from the cached fragment. */
function resultJson(result: MatchResult): string {
  if (result.status === "matched") {
    const fragment = matchFragment(result.match);
    const keys = Object.keys(result).length;
    if (fragment !== undefined && keys === (result.artwork === undefined ? 3 : 4)) {
      const head = `{"index":${result.index},"status":"matched","match":${fragment}`;
      return result.artwork === undefined ? `${head}}` : `${head},"artwork":${utf8AsLatin1(JSON.stringify(result.artwork))}}`;
    }
  }
  return utf8AsLatin1(JSON.stringify(result));
}

/**
 * The match answer as its UTF-8 JSON bytes, one char a byte ({@link utf8AsLatin1}), so that
 * `Buffer.from(text, "latin1")` gives exactly the bytes of `JSON.stringify(body)` (tested in
 * tests/match/match-response-json.test.ts), but joining each shared match's cached text instead of
 * serialising it again. Members are written in the order the matcher creates them. Joined as
 * UTF-8 bytes because one title outside Latin-1 ("™", kana) in a 17 KB answer made V8 hold all of
 * it as UTF-16, and encoding that for the socket took 5 to 10 times as long as an ASCII answer.
 */
export function matchResponseJson(body: MatchResponseBody): string {
  let out = `{"systemId":${utf8AsLatin1(JSON.stringify(body.systemId))},"results":[`;
  for (let i = 0; i < body.results.length; i++) out += (i === 0 ? "" : ",") + resultJson(body.results[i] as MatchResult);
  out += "]";
  if (body.groups !== undefined) out += `,"groups":${utf8AsLatin1(JSON.stringify(body.groups))}`;
  return `${out}}`;
}
