import { describe, expect, it } from "vitest";
import { parseGameName } from "../../../src/catalog/names/parse-game-name.ts";
import { titleKey, titleWords } from "../../../src/catalog/names/title-key.ts";

describe("titleKey", () => {
  it.each([
    ["Pokémon", "pokemon"],
    ["Pokémon - Edición Rubí", "pokemon edicion rubi"],
    ["Tom & Jerry", "tom and jerry"],
    ["Sonic&Knuckles", "sonic and knuckles"],
    ["Street Fighter II' - Champion Edition", "street fighter ii champion edition"],
    ["Kirby's Dream Land", "kirbys dream land"],
    ["Rock 'n' Roll Racing", "rock n roll racing"],
    ["Dynamite Düx", "dynamite dux"],
    ["Ōkami", "okami"],
    ["Die Siedler II - Veni, Vidi, Vici", "siedler ii veni vidi vici"],
    ["Gabriel Knight- Die Sünden der Väter", "gabriel knight die sunden der vater"],
    ["Straße", "strasse"],
    ["Mr. Do!", "mr do"],
    ["F-Zero", "f zero"],
    ["NiGHTS into Dreams...", "nights into dreams"],
    ["  Super   Mario\tWorld  ", "super mario world"],
    ["東方 Project", "東方 project"],
    ["", ""],
    ["!!!", ""],
  ])("%j -> %j", (title, key) => {
    expect(titleKey(title)).toBe(key);
  });

  it("treats postponed, restored and missing articles alike", () => {
    expect(titleKey("Legend of Zelda, The")).toBe("legend of zelda");
    expect(titleKey("The Legend of Zelda")).toBe("legend of zelda");
    expect(titleKey("legend of zelda")).toBe("legend of zelda");
    expect(titleKey("Legend of Zelda, The - A Link to the Past")).toBe("legend of zelda a link to the past");
    expect(titleKey("A Boy and His Blob")).toBe(titleKey("Boy and His Blob, A"));
    expect(titleKey("An American Tail")).toBe("american tail");
  });

  it("drops European leading articles, including a joined L'", () => {
    expect(titleKey("Abbaye des Morts, L'")).toBe("abbaye des morts");
    expect(titleKey("L'Abbaye des Morts")).toBe("abbaye des morts");
    expect(titleKey("Les 102 Dalmatiens a la Rescousse")).toBe("102 dalmatiens a la rescousse");
    expect(titleKey("Arte de la Guerra, El")).toBe("arte de la guerra");
    expect(titleKey("Il Gioco")).toBe("gioco");
    expect(titleKey("Biene Maja, Die")).toBe("biene maja");
    expect(titleKey("Der Aufstand der Dinge")).toBe("aufstand der dinge");
    expect(titleKey("Das Boot")).toBe("boot");
  });

  it("keeps an article that is the whole title or glued to the next word", () => {
    expect(titleKey("The")).toBe("the");
    expect(titleKey("A")).toBe("a");
    expect(titleKey("La-Mulana")).toBe("la mulana");
    expect(titleKey("A-Train")).toBe("a train");
    expect(titleKey("Theme Park")).toBe("theme park");
    expect(titleKey("Lemmings")).toBe("lemmings");
  });

  it("groups the titles parseGameName produces across DAT spellings", () => {
    const a = titleKey(parseGameName("Legend of Zelda, The - A Link to the Past (USA)").title);
    const b = titleKey(parseGameName("Legend of Zelda, The - A Link to the Past (Europe) (En,Fr,De) (Rev 1)").title);
    const c = titleKey("The Legend of Zelda: A Link to the Past");
    expect(a).toBe("legend of zelda a link to the past");
    expect(b).toBe(a);
    expect(c).toBe(a);
  });

  it("tolerates a non-string at run time", () => {
    expect(titleKey(undefined as unknown as string)).toBe("");
  });
});

describe("titleWords", () => {
  it("splits the key into words without articles and other stop words", () => {
    expect(titleWords("Legend of Zelda, The - A Link to the Past")).toEqual(["legend", "zelda", "link", "past"]);
    expect(titleWords("Tom & Jerry")).toEqual(["tom", "jerry"]);
    expect(titleWords("Pokémon Mystery Dungeon - Explorers of Sky")).toEqual(["pokemon", "mystery", "dungeon", "explorers", "sky"]);
    expect(titleWords("Dragon Quest - Tenkuu no Hanayome")).toEqual(["dragon", "quest", "tenkuu", "hanayome"]);
    expect(titleWords("L'Abbaye des Morts")).toEqual(["abbaye", "des", "morts"]);
  });

  it("keeps the words when nothing but articles is left", () => {
    expect(titleWords("The")).toEqual(["the"]);
    expect(titleWords("A")).toEqual(["a"]);
  });

  it("returns no words for an empty or punctuation-only title", () => {
    expect(titleWords("")).toEqual([]);
    expect(titleWords(" - ")).toEqual([]);
  });
});
