/**
 * Bytes of results one page of a list answer (a search, a platform listing, a page of changes) may
 * hold, besides its `limit`: with the page's frame and headers, an answer stays under 200 times
 * the smallest request that asks for it, whatever the titles' lengths.
 */
export const PAGE_RESULT_BYTES = 16 * 1024;

/**
 * The longest prefix of `items` whose JSON (UTF-8, one comma between items) fits in `budget`
 * bytes, and never fewer than one item, so that a page always makes progress.
 */
export function fitToBytes<T>(items: readonly T[], budget: number = PAGE_RESULT_BYTES): T[] {
  let bytes = 0;
  let count = 0;
  for (const item of items) {
    bytes += Buffer.byteLength(JSON.stringify(item)) + 1;
    if (bytes > budget && count > 0) break;
    count++;
  }
  return items.slice(0, count);
}
