import type { MatchResponseBody } from "./match-request.ts";
import type { MatchResult } from "./match-response-schemas.ts";
import { utf8AsLatin1 } from "../core/utf8-as-latin1.ts";
import { artworkJson } from "./match-artwork.ts";

/** A JSON object's last char, which a shared result's text ends with. */
const CLOSING_BRACE = 0x7d;

/**
 * The shared texts of matched results, checked, read in one short loop before any is joined: the
 * texts lie all over the heap, a cache miss or two each, and a loop this short lets the processor
 * wait for many of them at once, where the join meets them one by one (measured in process over
 * the bench's 400 bodies, the answer's text and its flattening in 10.2–12.1 µs with this loop,
 * 12.7–13.8 without). Reading each text's last char is what brings it into cache.
 */
function sharedTails(results: readonly MatchResult[], texts: readonly (string | undefined)[]): (string | undefined)[] {
  const tails = new Array<string | undefined>(results.length);
  for (let i = 0; i < results.length; i++) {
    const tail = texts[i];
    if (tail !== undefined && (results[i] as MatchResult).status === "matched" && tail.charCodeAt(tail.length - 1) === CLOSING_BRACE)
      tails[i] = tail;
  }
  return tails;
}

/**
 * The match answer as its UTF-8 JSON bytes, one char a byte ({@link utf8AsLatin1}), so that
 * `Buffer.from(text, "latin1")` gives exactly the bytes of `JSON.stringify(body)` (tested in
 * tests/match/match-response-json.test.ts). A matched result whose match is shared is joined from
 * its index and the text `matchRoms` gave in `sharedTexts` at its index (`SharedMatches.resultTail`:
 * the shared result's JSON after its index), instead of being serialised again; only such a result
 * gets a text, and it has exactly the members `index`, `status`, `match` and perhaps `artwork`.
 * Members are written in the order the matcher creates them. Joined as UTF-8 bytes because one
 * title outside Latin-1 ("™", kana) in a 17 KB answer made V8 hold all of it as UTF-16, and
 * encoding that for the socket took 5 to 10 times as long as an ASCII answer.
 */
export function matchResponseJson(body: MatchResponseBody, sharedTexts: readonly (string | undefined)[] = []): string {
  const { results } = body;
  const tails = sharedTails(results, sharedTexts);
  let out = `{"systemId":${utf8AsLatin1(JSON.stringify(body.systemId))},"results":[`;
  for (let i = 0; i < results.length; i++) {
    const result = results[i] as MatchResult;
    const tail = tails[i];
    if (tail !== undefined && result.status === "matched") {
      // One piece before the shared tail: under 13 chars for the indexes of a 100-item answer,
      // which V8 copies flat rather than links.
      const head = i === 0 ? `{"index":${result.index}` : `,{"index":${result.index}`;
      out += result.artwork === undefined ? head + tail : `${head}${tail.slice(0, -1)},"artwork":${artworkJson(result.artwork)}}`;
    } else out += (i === 0 ? "" : ",") + utf8AsLatin1(JSON.stringify(result));
  }
  out += "]";
  if (body.groups !== undefined) out += `,"groups":${utf8AsLatin1(JSON.stringify(body.groups))}`;
  return `${out}}`;
}
