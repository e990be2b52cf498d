import { describe, expect, it } from "vitest";
import { localNameLanguage } from "../../../src/catalog/names/local-name-language.ts";
import { titleKey, titleWords } from "../../../src/catalog/names/title-key.ts";
import type { GameSummary } from "../../../src/catalog/search/game-summary.ts";
import { searchGames } from "../../../src/catalog/search/search-games.ts";
import { decodeTitleIndex, encodeTitleIndex } from "../../../src/catalog/search/title-index.ts";
import { createTitleSearcher, gamesOfSummaries, summaryById } from "../../../src/catalog/search/title-searcher.ts";

describe("CJK words", () => {
  it("are overlapping character pairs, the same with and without spaces, full- and half-width", () => {
    expect(titleWords("ロックマン")).toEqual(["ロッ", "ック", "クマ", "マン"]);
    expect(titleWords("ﾛｯｸﾏﾝ")).toEqual(titleWords("ロックマン"));
    expect(titleWords("ゼルダの伝説 時のオカリナ")).toEqual(titleWords("ゼルダの伝説時のオカリナ"));
    expect(titleWords("ストリートファイターＺＥＲＯ")).toContain("zero");
    expect(titleWords("록맨")).toEqual(["록맨"]);
    expect(titleWords("Mega Man X")).toEqual(["mega", "man", "x"]);
  });

  it("name their language by script, else by the entry's languages", () => {
    expect(localNameLanguage("ロックマン", ["Ja"])).toBe("ja");
    expect(localNameLanguage("록맨", ["Ko"])).toBe("ko");
    expect(localNameLanguage("雙王記", ["Zh"])).toBe("zh");
    expect(localNameLanguage("信長の野望", [])).toBe("ja");
    expect(localNameLanguage("Тетрис", ["Ru"])).toBe("ru");
  });
});

const game = (id: number, title: string, over: Partial<GameSummary> = {}): GameSummary => ({
  id,
  title,
  key: titleKey(title),
  system: "nes",
  regions: ["USA"],
  releaseCount: 1,
  ...over,
});

describe("search by a native-script title", () => {
  const summaries: GameSummary[] = [
    game(1, "Mega Man", { alternateTitles: ["Rockman", "ロックマン"], releaseCount: 4 }),
    game(2, "Mega Man 2", { alternateTitles: ["Rockman 2 - Dr. Wily no Nazo", "ロックマン2 Dr.ワイリーの謎"] }),
    game(3, "The Legend of Zelda - Ocarina of Time", {
      alternateTitles: ["Zelda no Densetsu - Toki no Ocarina", "ゼルダの伝説 時のオカリナ"],
    }),
    game(4, "Street Fighter Alpha - Warriors' Dreams", { alternateTitles: ["Street Fighter Zero", "ストリートファイターZERO"] }),
    game(5, "Bomberman", { alternateTitles: ["ボンバーマン"] }),
  ];
  const index = decodeTitleIndex(encodeTitleIndex([{ slug: "nes", summaries }]));
  const searcher = createTitleSearcher(index, () => gamesOfSummaries(summaries));
  const scope = { searcher, summary: (id: number) => summaryById(searcher, id) };
  const first = (query: string): { id: number; matchedTitle?: string } | undefined => searchGames(scope, { query, limit: 3 }).results[0];

  it("finds it as typed, with or without spaces, in full- or half-width kana, and names it as matched", () => {
    expect(first("ロックマン")).toMatchObject({ id: 1, matchedTitle: "ロックマン" });
    expect(first("ﾛｯｸﾏﾝ")?.id).toBe(1);
    expect(first("ゼルダの伝説時のオカリナ")).toMatchObject({ id: 3, matchedTitle: "ゼルダの伝説 時のオカリナ" });
    expect(first("ゼルダの伝説 時のオカリナ")?.id).toBe(3);
    expect(first("時のオカリナ")?.id).toBe(3);
    expect(first("ストリートファイターＺＥＲＯ")?.id).toBe(4);
    expect(first("ボンバ")?.id).toBe(5);
  });

  it("ranks the plain title equal to the query first", () => {
    expect(searchGames(scope, { query: "ロックマン", limit: 3 }).results.map((r) => r.id)).toEqual([1, 2]);
  });
});
