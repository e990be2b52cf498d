import type { MatchResponseBody } from "./match-request.ts";
import type { MatchResult } from "./match-response-schemas.ts";
import { utf8AsLatin1 } from "../core/utf8-as-latin1.ts";

/** A matched result whose `match` is shared ({@link sharedFragments}): its text is joined from the shared one. */
function resultJson(result: MatchResult, fragment: string | undefined): string {
  if (fragment !== undefined && result.status === "matched" && Object.keys(result).length === (result.artwork === undefined ? 3 : 4)) {
    const head = `{"index":${result.index},"status":"matched","match":${fragment}`;
    return result.artwork === undefined ? `${head}}` : `${head},"artwork":${utf8AsLatin1(JSON.stringify(result.artwork))}}`;
  }
  return utf8AsLatin1(JSON.stringify(result));
}

/** A JSON object's last char: see {@link sharedFragments}. */
const CLOSING_BRACE = 0x7d;

/**
 * Each matched result's shared match text from `texts`, or undefined, read in one short loop before
 * any is joined: the texts lie all over the heap, a cache miss or two each, and a loop this short
 * lets the processor wait for many of them at once, where the join meets them one by one (measured
 * in process over the bench's 400 bodies: an answer's text and bytes in 19–22 µs instead of 27–28,
 * this loop included). Reading each text's last char is what brings it into cache.
 */
function sharedFragments(results: readonly MatchResult[], texts: readonly (string | undefined)[]): (string | undefined)[] {
  const fragments = new Array<string | undefined>(results.length);
  for (let i = 0; i < results.length; i++) {
    const fragment = texts[i];
    if (
      fragment !== undefined &&
      (results[i] as MatchResult).status === "matched" &&
      fragment.charCodeAt(fragment.length - 1) === CLOSING_BRACE
    )
      fragments[i] = fragment;
  }
  return fragments;
}

/**
 * The match answer as its UTF-8 JSON bytes, one char a byte ({@link utf8AsLatin1}), so that
 * `Buffer.from(text, "latin1")` gives exactly the bytes of `JSON.stringify(body)` (tested in
 * tests/match/match-response-json.test.ts), but joining each shared match's text, as `matchRoms`
 * gave it in `sharedTexts` (at each result's index), instead of serialising it again. Members are
 * written in the order the matcher creates them. Joined as UTF-8 bytes because one title outside
 * Latin-1 ("™", kana) in a 17 KB answer made V8 hold all of it as UTF-16, and encoding that for the
 * socket took 5 to 10 times as long as an ASCII answer.
 */
export function matchResponseJson(body: MatchResponseBody, sharedTexts: readonly (string | undefined)[] = []): string {
  const fragments = sharedFragments(body.results, sharedTexts);
  let out = `{"systemId":${utf8AsLatin1(JSON.stringify(body.systemId))},"results":[`;
  for (let i = 0; i < body.results.length; i++) out += (i === 0 ? "" : ",") + resultJson(body.results[i] as MatchResult, fragments[i]);
  out += "]";
  if (body.groups !== undefined) out += `,"groups":${utf8AsLatin1(JSON.stringify(body.groups))}`;
  return `${out}}`;
}
