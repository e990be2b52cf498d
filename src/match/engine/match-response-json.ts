import { CHAR } from "../../core/char-codes.ts";
import type { MatchResponseBody, MatchResult } from "../schema/match-response-schemas.ts";
import { utf8AsLatin1 } from "../../core/utf8-as-latin1.ts";
import { artworkJson } from "./match-artwork.ts";

const { CLOSE_BRACE } = CHAR;

/**
 * The shared texts of results, checked, read in one short loop before any is joined: the
 * texts lie all over the heap, a cache miss or two each, and a loop this short lets the processor
 * wait for many of them at once, where the join meets them one by one (figures in
 * docs/performance.md). Reading each text's last char is what brings it into cache.
 */
function checkedTails(results: readonly MatchResult[], sharedTails: readonly (string | undefined)[]): (string | undefined)[] {
  const tails = new Array<string | undefined>(results.length);
  for (let i = 0; i < results.length; i++) {
    const tail = sharedTails[i];
    if (tail !== undefined && tail.charCodeAt(tail.length - 1) === CLOSE_BRACE) tails[i] = tail;
  }
  return tails;
}

/**
 * The match answer as its UTF-8 JSON bytes, one char a byte ({@link utf8AsLatin1}), so that
 * `Buffer.from(text, "latin1")` gives exactly the bytes of `JSON.stringify(body)` (tested in
 * tests/match/engine/match-response-json.test.ts). A matched result whose match is shared is joined from
 * its index and the text `matchItems` gave in `sharedTails` at its index (`SharedMatches.resultTail`:
 * the shared result's JSON after its index), instead of being serialised again, and so is a
 * remembered unmatched name's result (`MatchIndex.unmatchedNames`); only such results get a text,
 * and a matched one has exactly the members `index`, `status`, `match` and perhaps `artwork`.
 * Members are written in the order the matcher creates them. Joined as UTF-8 bytes because one
 * title outside Latin-1 ("™", kana) in an answer made V8 hold all of it as UTF-16, which is many
 * times slower to encode for the socket than an ASCII answer (docs/performance.md).
 */
export function matchResponseJson(body: MatchResponseBody, sharedTails: readonly (string | undefined)[]): string {
  const { results } = body;
  const tails = checkedTails(results, sharedTails);
  let out = `{"systemId":${utf8AsLatin1(JSON.stringify(body.systemId))},"results":[`;
  for (let i = 0; i < results.length; i++) {
    const result = results[i] as MatchResult;
    const tail = tails[i];
    if (tail !== undefined) {
      // One piece before the shared tail: under 13 chars for the indexes of a 100-item answer,
      // which V8 copies flat rather than links.
      const head = i === 0 ? `{"index":${result.index}` : `,{"index":${result.index}`;
      out +=
        result.status !== "matched" || result.artwork === undefined
          ? head + tail
          : `${head}${tail.slice(0, -1)},"artwork":${artworkJson(result.artwork)}}`;
    } else out += (i === 0 ? "" : ",") + utf8AsLatin1(JSON.stringify(result));
  }
  out += "]";
  if (body.groups !== undefined) out += `,"groups":${utf8AsLatin1(JSON.stringify(body.groups))}`;
  return `${out}}`;
}
