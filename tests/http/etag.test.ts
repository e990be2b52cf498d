import { describe, expect, it } from "vitest";
import { contentHash, contentHashOfParts } from "../../src/http/etag.ts";

describe("contentHashOfParts", () => {
  it("is the content hash of the parts joined, strings hashed as UTF-8", () => {
    const shard = Buffer.from('{"id":1,"title":"Rockman X"}\n{"id":2,"title":"ロックマン"}\n'.repeat(50));
    const index = '{"ids":[1,2],"titles":["Mega Man X","ゼルダの伝説"]}';
    const joined = Buffer.concat([Buffer.from("v13\n"), shard, Buffer.from(index)]);
    for (const length of [12, 16, 22]) expect(contentHashOfParts(["v13\n", shard, index], length)).toBe(contentHash(joined, length));
  });

  it("tells apart parts that differ by one byte", () => {
    expect(contentHashOfParts(["v13\n", Buffer.from("a")], 12)).not.toBe(contentHashOfParts(["v13\n", Buffer.from("b")], 12));
  });
});
