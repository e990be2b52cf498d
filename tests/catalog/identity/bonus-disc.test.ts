import { describe, expect, it } from "vitest";
import { bonusDiscGameTitles, bonusDiscTitle, isBonusDiscTitle } from "../../../src/catalog/identity/bonus-disc.ts";
import { parseGameName } from "../../../src/catalog/names/parse-game-name.ts";

const titled = (name: string): string | undefined => bonusDiscTitle(parseGameName(name));

describe("bonus discs", () => {
  it("gives a disc tagged as a bonus, extra, premium or tokuten disc a title of its own after its game's", () => {
    expect(titled("Starry Sky - After Winter Portable (Japan) (Extra Disc)")).toBe("Starry Sky - After Winter Portable - Extra Disc");
    expect(titled("Killzone (Europe) (En,Fr,De,Es,It) (Bonus Disc)")).toBe("Killzone - Bonus Disc");
    expect(titled("Gears of War 2 (Japan) (En,Ja) (Limited Edition Bonus Disc)")).toBe("Gears of War 2 - Limited Edition Bonus Disc");
    expect(titled("Fable (USA) (Limited Edition Bonus DVD)")).toBe("Fable - Limited Edition Bonus DVD");
    expect(titled("Suzumiya Haruhi no Tomadoi - Uchuu-hatsu! Full CG - Odoru SOS-dan (Japan) (Chou Eizou-ban) (Yoyaku Tokuten Disc)")).toBe(
      "Suzumiya Haruhi no Tomadoi - Uchuu-hatsu! Full CG - Odoru SOS-dan - Yoyaku Tokuten Disc",
    );
  });

  it("leaves a numbered disc of a set, a demo, an edition tag and a title that names its disc as they are", () => {
    expect(titled("Eve - The Lost One (Japan) (Disc 4) (Premium Disc)")).toBeUndefined();
    expect(titled("Kamen Rider Agito & Hyakujuu Sentai GaoRanger (Japan) (2-dai Hero Special Disc Taikenban)")).toBeUndefined();
    expect(titled("Hanabi Hyakkei (Japan) (Tokutenban)")).toBeUndefined();
    expect(titled("Chibi Chara Game - Ginga Eiyuu Densetsu (Japan) (Shokai Tokuten Yan Genteiban)")).toBeUndefined();
    expect(titled("Pokemon Colosseum: Kakuchou Disc (Bonus Disc) (Japan)")).toBeUndefined();
    expect(titled("Killzone (Europe) (En,Fr,De,Es,It)")).toBeUndefined();
  });

  it("reads a bonus disc by its title's last words, and names the titles its game may have, longest first", () => {
    expect(isBonusDiscTitle("Kamaitachi no Yoru 2 - Kangoku-jima no Warabe-uta - Special Eizou")).toBe(true);
    expect(isBonusDiscTitle("Resident Evil 4: Bonus Disc")).toBe(true);
    expect(isBonusDiscTitle("Dragon Quest VIII Premium Eizou Disc")).toBe(true);
    expect(isBonusDiscTitle("Special Disc with SegaSaturn Internet 2")).toBe(false);
    expect(isBonusDiscTitle("Tokuten Ryoku Gakushuu DS - Chuu 1 Eigo")).toBe(false);
    expect(bonusDiscGameTitles("Resident Evil 4: Bonus Disc")).toEqual(["Resident Evil 4"]);
    expect(bonusDiscGameTitles("Starry Sky - After Winter Portable - Etsuran Shite Please - Etsu Plea 2")).toEqual([
      "Starry Sky - After Winter Portable - Etsuran Shite Please",
      "Starry Sky - After Winter Portable",
      "Starry Sky",
    ]);
  });
});
