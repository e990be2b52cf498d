import { describe, expect, it } from "vitest";
import { releaseKind } from "../../../src/catalog/identity/content-kind.ts";
import { dumpKeys, isMemberOf, looksLikeCompilation, looksLikeId } from "../../../src/catalog/identity/dump-keys.ts";
import { groupWorks } from "../../../src/catalog/identity/group-works.ts";
import { splitSameTitle } from "../../../src/catalog/identity/same-title.ts";
import { serialCode } from "../../../src/catalog/identity/serial-code.ts";
import { parseGameName } from "../../../src/catalog/names/parse-game-name.ts";
import { titleKey } from "../../../src/catalog/names/title-key.ts";
import { workInput } from "../../helpers/work-input.ts";

const kindOf = (name: string, arcade = false): string => releaseKind(parseGameName(name), arcade);

const input = workInput;

describe("releaseKind", () => {
  it("reads the kind from No-Intro's and Redump's tags", () => {
    expect(kindOf("Dead or Alive - Dimensions - Pack 1 (Europe) (DLC)")).toBe("addon");
    expect(kindOf("Bloodwych - Data Disks Vol. 1 (Europe) (Addon)")).toBe("addon");
    expect(kindOf("Shovel Knight - Treasure Trove (USA) (v4.1, v5200) (Update)")).toBe("update");
    expect(kindOf("Doom II - Hell on Earth (Unity) (Update - September 3)")).toBe("update");
    expect(kindOf("Dynasty Warriors Next (Europe) (Update 1.01) (DLC)")).toBe("update");
    expect(kindOf("NES Jumping Mario (Europe) (Theme)")).toBe("cosmetic");
    expect(kindOf("Some Game (Japan) (Avatar)")).toBe("cosmetic");
    expect(kindOf("240p Test Suite (World) (v0.10) (Program) (Aftermarket) (Unl)")).toBe("application");
    expect(kindOf("Final Fantasy IV (USA) (Video)")).toBe("video");
    expect(kindOf("Starhawk - Original Soundtrack (USA) (Soundtrack)")).toBe("music");
    expect(kindOf("[BIOS] Nintendo Game Boy Boot ROM (World)")).toBe("bios");
  });

  it("reads titles that name a data disk or an update, and arcade BIOS sets by title", () => {
    expect(kindOf("Battle Isle Data Disk I (1992)")).toBe("addon");
    expect(kindOf("Mario Kart 7 - Update 1.1 (Europe)")).toBe("update");
    expect(kindOf("PGM (Polygame Master) System BIOS", true)).toBe("bios");
    expect(kindOf("PGM (Polygame Master) System BIOS")).toBe("game");
  });

  it("reads a test or diagnostic program by its title, but not a game's episode so titled nor an arcade test set", () => {
    expect(kindOf("Arkagis Revolution - Input Diagnostics (World)")).toBe("application");
    expect(kindOf("Atari PAM Diagnostics (USA) (v2.3)")).toBe("application");
    expect(kindOf("Lynx II Production Test Program (USA)")).toBe("application");
    expect(kindOf("RPG Maker 2000 Test Suite")).toBe("application");
    expect(kindOf("Solder Runner- Episode 1- Diagnostics (1996)")).toBe("game");
    expect(kindOf("Test Programados Mecanica (Spain)")).toBe("game");
    expect(kindOf("Sente Diagnostic Cartridge", true)).toBe("game");
  });

  it("leaves games and multi-disk labels alone", () => {
    expect(kindOf("Mega Man X (USA)")).toBe("game");
    expect(kindOf("Amaranth II (1992)(Fuga System)(JP)(Disk 2 of 4)(Data Disk A)")).toBe("game");
    expect(kindOf("Data East Classics (USA)")).toBe("game");
    expect(kindOf("Mega Man X (USA) (Mega Man X Collection)")).toBe("game");
  });
});

describe("serialCode", () => {
  it("gives one code to one product's regional serials", () => {
    const codes = ["SHVC-RX", "SNS-P-RX", "SNSP-RX", "SNS-RX-USA"].map((s) => serialCode(s, "snes"));
    expect(new Set(codes.map((c) => c?.code))).toEqual(new Set(["SNES-RX"]));
    expect(codes[0]?.short).toBe(true);
    expect(serialCode("SNS-ARXE-USA", "snes")).toEqual({ code: "SNES-ARX", short: false });
    expect(serialCode("SHVC-ARXJ-JPN", "snes")?.code).toBe("SNES-ARX");
    expect(serialCode("NETE", "n64")?.code).toBe(serialCode("NUS-NETJ-JPN", "n64")?.code);
    expect(serialCode("CTR-M-ABEP", "3ds")?.code).toBe(serialCode("CTR-P-ABEE", "3ds")?.code);
    expect(serialCode("RMCE01", "wii")?.code).toBe(serialCode("RVL-RMCJ-JPN", "wii")?.code);
  });

  it("keeps code spaces apart and refuses placeholders and demo discs", () => {
    expect(serialCode("DMG-AD3J", "gbc")?.code).not.toBe(serialCode("CGB-AD3J", "gbc")?.code);
    expect(serialCode("AGBJ", "gba")).toBeUndefined();
    expect(serialCode("0000", "gba")).toBeUndefined();
    expect(serialCode("DL-DOL-D56J-JPN", "gamecube")).toBeUndefined();
    expect(serialCode("SLUS-00123", "psx")).toBeUndefined();
    expect(serialCode("NETE", "psx")).toBeUndefined();
  });
});

describe("dump keys and titles", () => {
  const rom = (name: string, sha1: string, size = 4096): { name: string; sha1: string; size: number } => ({ name, sha1, size });

  it("keys a single file by its hash, a headered and headerless pair by each, and a disc's tracks together", () => {
    expect(dumpKeys([rom("a.sfc", "1".repeat(40))])).toEqual(["1".repeat(40)]);
    expect(dumpKeys([rom("Game (USA).nes", "1".repeat(40)), rom("Game (USA).nes", "2".repeat(40))])).toEqual([
      "1".repeat(40),
      "2".repeat(40),
    ]);
    expect(dumpKeys([rom("Game (Track 1).bin", "2".repeat(40)), rom("Game (Track 2).bin", "1".repeat(40))])).toEqual([
      `${"1".repeat(40)}+${"2".repeat(40)}`,
    ]);
  });

  it("never keys empty or tiny files", () => {
    expect(dumpKeys([rom("empty", "da39a3ee5e6b4b0d3255bfef95601890afd80709", 0)])).toEqual([]);
    expect(dumpKeys([rom("stub", "3".repeat(40), 79)])).toEqual([]);
  });

  it("tells compilations, their member games and id-like titles", () => {
    expect(looksLikeCompilation("Super Mario Bros. + Duck Hunt")).toBe(true);
    expect(looksLikeCompilation("2 Games in 1 - Disney Sports Football - Disney Sports Skateboarding")).toBe(true);
    expect(looksLikeCompilation("Mega Man X Collection")).toBe(true);
    expect(looksLikeCompilation("Tom & Jerry")).toBe(false);
    expect(isMemberOf(titleKey("Mega Man X"), titleKey("Mega Man X Collection"))).toBe(true);
    expect(isMemberOf(titleKey("Gradius Portable"), titleKey("Gradius Collection"))).toBe(false);
    expect(looksLikeId("000100057131324a")).toBe(true);
    expect(looksLikeId("1942")).toBe(false);
  });
});

describe("groupWorks", () => {
  const together = (result: ReturnType<typeof groupWorks>, a: number, b: number): boolean =>
    result.groups.some((g) => g.includes(a) && g.includes(b));

  it("joins one dump under two names, and says why", () => {
    const result = groupWorks([
      input({ title: "Knuckles' Chaotix", dumpKeys: ["a"] }),
      input({ title: "Chaotix Featuring Knuckles the Echidna", dumpKeys: ["a"] }),
    ]);
    expect(result.groups).toEqual([[0, 1]]);
    expect(result.evidence).toEqual([["same-dump"]]);
  });

  it("never joins through a generic file, a compilation and its own game, or two kinds", () => {
    const generic = groupWorks(["Demo A", "Demo B", "Demo C"].map((title) => input({ title, dumpKeys: ["disk"] })));
    expect(generic.groups).toHaveLength(3);
    expect(generic.unmerged).toEqual([{ key: "disk", titles: ["Demo A", "Demo B", "Demo C"], reason: "generic" }]);

    const compilation = groupWorks([
      input({ title: "Super Mario Bros.", dumpKeys: ["x"] }),
      input({ title: "Super Mario Bros. + Duck Hunt", dumpKeys: ["x"] }),
    ]);
    expect(together(compilation, 0, 1)).toBe(false);
    expect(compilation.unmerged[0]?.reason).toBe("compilation");

    const kinds = groupWorks([input({ title: "Game", dumpKeys: ["y"] }), input({ title: "Game Pack", kind: "addon", dumpKeys: ["y"] })]);
    expect(together(kinds, 0, 1)).toBe(false);
  });

  it("joins regional titles by serial code only with regions apart and metadata that agrees", () => {
    const code = { code: "SNES-RX", short: true };
    const base = { serialCode: code, size: 1_572_864, year: 1994, developer: "Capcom" };
    const linked = groupWorks([
      input({ title: "Rockman X", regions: ["Japan"], ...base }),
      input({ title: "Mega Man X", regions: ["USA"], ...base }),
    ]);
    expect(linked.groups).toEqual([[0, 1]]);
    expect(linked.evidence).toEqual([["serial-code"]]);

    const sameRegion = groupWorks([
      input({ title: "Game", regions: ["Japan"], ...base }),
      input({ title: "Game Easy Type", regions: ["Japan"], ...base }),
    ]);
    expect(sameRegion.groups).toHaveLength(2);
    const otherDeveloper = groupWorks([
      input({ title: "Momotarou Dentetsu Happy", regions: ["Japan"], ...base, developer: "Hudson Soft" }),
      input({ title: "NHL 98", regions: ["USA"], ...base, developer: "Electronic Arts" }),
    ]);
    expect(otherDeveloper.groups).toHaveLength(2);
    const otherSize = groupWorks([
      input({ title: "A", regions: ["Japan"], ...base }),
      input({ title: "B", regions: ["USA"], ...base, size: 524_288 }),
    ]);
    expect(otherSize.groups).toHaveLength(2);
    const beta = groupWorks([
      input({ title: "A", regions: ["Japan"], ...base }),
      input({ title: "B", regions: ["USA"], ...base, retail: false }),
    ]);
    expect(beta.groups).toHaveLength(2);
  });

  it("never joins by a demo disc series' code discs dated to other months", () => {
    const code = { code: "DOL-G98", short: false };
    const base = { serialCode: code, size: 1_459_978_240 };
    const months = groupWorks([
      input({ title: "Interactive Multi-Game Demo Disc - January 2002", regions: ["USA"], ...base }),
      input({ title: "Interactive Multi-Game Demo Disk - May 2002", regions: ["Europe"], ...base }),
    ]);
    expect(months.groups).toHaveLength(2);
    const sameMonth = groupWorks([
      input({ title: "Interactive Multi-Game Demo Disc - May 2002", regions: ["USA"], ...base }),
      input({ title: "Interactive Multi-Game Demo Disk - May 2002", regions: ["Europe"], ...base }),
    ]);
    expect(sameMonth.groups).toEqual([[0, 1]]);
    expect(sameMonth.evidence).toEqual([["serial-code"]]);
  });

  it("never joins by spelling an aftermarket program with a retail game of its title far larger, but keeps a reprint", () => {
    const retail = { regions: ["Korea"], serialCode: { code: "NTR-A4Y", short: false }, size: 8_388_608 };
    const homebrew = groupWorks([
      input({ title: "Sudoku DS", ...retail }),
      input({ title: "SudokuDS", retail: false, aftermarket: true, size: 178_752 }),
    ]);
    expect(homebrew.groups).toHaveLength(2);
    const near = groupWorks([
      input({ title: "Sudoku DS", ...retail }),
      input({ title: "SudokuDS", retail: false, aftermarket: true, size: 4_194_304 }),
    ]);
    expect(near.groups).toEqual([[0, 1]]);
    expect(near.evidence).toEqual([["near-title"]]);
    // A clone list that gathers the homebrew program by its title joins it no more.
    const listed = groupWorks([
      input({ title: "Sudoku DS", ...retail, cloneGroups: [3] }),
      input({ title: "Sudoku DS", groupKey: "sudoku ds\u00021", retail: false, aftermarket: true, size: 1_569_344, cloneGroups: [3] }),
    ]);
    expect(listed.groups).toHaveLength(2);
  });

  it("keeps apart a clone-list title that is the other's with an edition word under its own code in a shared region, on larger files", () => {
    const joker = { developer: "Square Enix", year: 2010, cloneGroups: [7] };
    const edition = groupWorks([
      input({
        title: "Dragon Quest Monsters - Joker 2",
        regions: ["Japan"],
        serialCode: { code: "NTR-CJR", short: false },
        size: 134_217_728,
        ...joker,
      }),
      input({
        title: "Dragon Quest Monsters - Joker 2",
        regions: ["USA"],
        serialCode: { code: "NTR-CJR", short: false },
        size: 134_217_728,
        ...joker,
      }),
      input({
        title: "Dragon Quest Monsters - Joker 2 - Professional",
        regions: ["Japan"],
        serialCode: { code: "NTR-B2J", short: false },
        size: 268_435_456,
        ...joker,
      }),
    ]);
    expect(edition.groups).toEqual([[0, 1], [2]]);
    // The edition kept apart is linked to its game (a superset), not left unrelated.
    expect(edition.editions).toEqual([{ edition: 2, game: 0 }]);
    // A region's retitle with such a word shares no region with the game: one product.
    const retitle = groupWorks([
      input({ title: "Hydlide", regions: ["USA"], serialCode: { code: "NES-HY", short: false }, size: 65_536, cloneGroups: [8] }),
      input({
        title: "Hydlide Special",
        regions: ["Japan"],
        serialCode: { code: "NES-HS", short: false },
        size: 131_072,
        cloneGroups: [8],
      }),
    ]);
    expect(retitle.groups).toEqual([[0, 1]]);
  });

  it("keeps a bonus disc apart from its game when a clone list gathers them, and a disc of the bonus disc's own title with it", () => {
    const box = groupWorks([
      input({ title: "Kamaitachi no Yoru 2 - Kangoku-jima no Warabe-uta", regions: ["Japan"], cloneGroups: [9] }),
      input({
        title: "Kamaitachi no Yoru 2 - Kangoku-jima no Warabe-uta - Special Eizou",
        regions: ["Japan"],
        cloneGroups: [9],
        bonusDisc: true,
      }),
    ]);
    expect(box.groups).toEqual([[0], [1]]);
    // Without the bonus-disc reading, the list joins them: the test above fails for the flag, not the titles.
    const joined = groupWorks([
      input({ title: "Kamaitachi no Yoru 2 - Kangoku-jima no Warabe-uta", regions: ["Japan"], cloneGroups: [9] }),
      input({ title: "Kamaitachi no Yoru 2 - Kangoku-jima no Warabe-uta - Special Eizou", regions: ["Japan"], cloneGroups: [9] }),
    ]);
    expect(joined.groups).toEqual([[0, 1]]);
    // The bonus disc's two entries (No-Intro's "(Extra Disc)" and Redump's own title) share a dump: one work.
    const disc = groupWorks([
      input({ title: "Starry Sky - After Winter Portable - Extra Disc", dumpKeys: ["ab12"], bonusDisc: true }),
      input({ title: "Starry Sky - After Winter Portable - Etsuran Shite Please - Etsu Plea 2", dumpKeys: ["ab12"] }),
      input({ title: "Starry Sky - After Winter Portable", dumpKeys: ["cd34"] }),
    ]);
    expect(disc.groups).toEqual([[0, 1], [2]]);
  });

  it("joins by a four-character code within a doubling of size, never a code reused for a product four times the size", () => {
    const code = { code: "NTR-BRQ", short: false };
    const european = groupWorks([
      input({ title: "Brain Age", regions: ["USA"], serialCode: code, size: 33_554_432 }),
      input({ title: "Dr Kawashima's Brain Training", regions: ["Europe"], serialCode: code, size: 67_108_864 }),
    ]);
    expect(european.groups).toEqual([[0, 1]]);
    const reused = groupWorks([
      input({ title: "Honda ATV Fever", regions: ["USA"], serialCode: code, size: 16_777_216 }),
      input({ title: "Gendai Daisenryaku DS", regions: ["Japan"], serialCode: code, size: 67_108_864 }),
    ]);
    expect(reused.groups).toHaveLength(2);
    // Nor does a clone list join a code's releases four times apart: the smaller cart holds half the game.
    const short = { code: "LU", short: true };
    const half = groupWorks([
      input({
        title: "Sports Illustrated - Championship Football & Baseball",
        regions: ["USA"],
        serialCode: short,
        size: 2_097_152,
        cloneGroups: [3],
      }),
      input({ title: "All-American Championship Football", regions: ["Europe"], serialCode: short, size: 524_288, cloneGroups: [3] }),
    ]);
    expect(half.groups).toHaveLength(2);
    // A four-character code's regional carts four times apart are still one game a clone list joins.
    const mini = { code: "FMR", short: false };
    const metroid = groupWorks([
      input({ title: "Classic NES Series - Metroid", regions: ["USA", "Europe"], serialCode: mini, size: 1_048_576, cloneGroups: [4] }),
      input({ title: "Famicom Mini 23 - Metroid", regions: ["Japan"], serialCode: mini, size: 4_194_304, cloneGroups: [4] }),
    ]);
    expect(metroid.groups).toEqual([[0, 1]]);
  });

  it("at exactly a doubling no more languages explain, never joins by one code titles with no word and no clone-list group in common", () => {
    const code = { code: "NTR-C26", short: false };
    const strangers = groupWorks([
      input({ title: "Besser Essen - Leben Leicht Gemacht", regions: ["Germany"], serialCode: code, size: 16_777_216 }),
      input({ title: "Habu Yoshiharu Shougi de Kitaeru - Ketsudanryoku DS", regions: ["Japan"], serialCode: code, size: 8_388_608 }),
    ]);
    expect(strangers.groups).toHaveLength(2);
    // Five languages double the Japanese cartridge: one game.
    const languages = groupWorks([
      input({
        title: "I Did It Mum! - Picture Book",
        regions: ["Europe"],
        languages: ["En", "Fr", "De", "Es", "It"],
        serialCode: code,
        size: 67_108_864,
      }),
      input({ title: "Kodomo no Tame no Yomi Kikase - Ehon de Asobou 1-kan", regions: ["Japan"], serialCode: code, size: 33_554_432 }),
    ]);
    expect(languages.groups).toEqual([[0, 1]]);
    // A clone-list group in common vouches for the regional titles.
    const listed = groupWorks([
      input({ title: "Elite Beat Agents", regions: ["USA"], serialCode: code, size: 134_217_728, cloneGroups: [7] }),
      input({ title: "Osu! Tatakae! Ouendan", regions: ["Japan"], serialCode: code, size: 67_108_864, cloneGroups: [7] }),
    ]);
    expect(listed.groups).toEqual([[0, 1]]);
    const unlisted = groupWorks([
      input({ title: "Elite Beat Agents", regions: ["USA"], serialCode: code, size: 134_217_728 }),
      input({ title: "Osu! Tatakae! Ouendan", regions: ["Japan"], serialCode: code, size: 67_108_864 }),
    ]);
    expect(unlisted.groups).toHaveLength(2);
  });

  it("never joins by a bundle's code a title that lacks one of its games sold on its own", () => {
    const code = { code: "CTR-AZG", short: false };
    const size = 1_073_741_824;
    const works = groupWorks([
      input({ title: "Puzzle & Dragons Z + Puzzle & Dragons Super Mario Bros. Edition", regions: ["USA"], serialCode: code, size }),
      input({ title: "PazuDora Z - Puzzle & Dragons Z", regions: ["Japan"], serialCode: code, size }),
      input({ title: "Puzzle & Dragons Z - Puzzle & Dragons Super Mario Bros Edition", regions: ["Korea"], serialCode: code, size }),
      input({
        title: "Puzzle & Dragons - Super Mario Bros. Edition",
        regions: ["Japan"],
        serialCode: { code: "CTR-AZM", short: false },
        size,
      }),
    ]);
    expect(works.groups).toEqual([[0, 2], [1], [3]]);
    // A name that leaves out a game no title of the platform sells alone is the same product.
    const advance = { code: "AGB-AA2", short: false };
    const same = groupWorks([
      input({
        title: "Super Mario Advance 2 - Super Mario World + Mario Brothers",
        regions: ["USA"],
        serialCode: advance,
        size: 4_194_304,
      }),
      input({ title: "Super Mario Advance 2 - Super Mario World", regions: ["Japan"], serialCode: advance, size: 4_194_304 }),
    ]);
    expect(same.groups).toEqual([[0, 1]]);
  });

  it("joins one arcade set across collections, a BIOS set too, but never a BIOS by its files", () => {
    const result = groupWorks([
      input({ title: "Euro League", setName: "wc90b" }),
      input({ title: "Tecmo World Cup '90", setName: "wc90b" }),
    ]);
    expect(result.groups).toEqual([[0, 1]]);
    expect(result.evidence).toEqual([["set-name"]]);
    const bios = groupWorks([
      input({ title: "PGM (Poly) game Master System BIOS", kind: "bios", setName: "pgm" }),
      input({ title: "PGM (Polygame Master) System BIOS", kind: "bios", setName: "pgm" }),
    ]);
    expect(bios.groups).toEqual([[0, 1]]);
    const shared = groupWorks([
      input({ title: "Game Gear Boot ROM", kind: "bios", dumpKeys: ["boot"] }),
      input({ title: "Majesco Boot ROM", kind: "bios", dumpKeys: ["boot"] }),
    ]);
    expect(shared.groups).toHaveLength(2);
  });

  it('joins an arcade "A / B" title with "A" and "B"', () => {
    const result = groupWorks([
      input({ title: "Aero Fighters 2 / Sonic Wings 2", titleParts: ["aero fighters 2", "sonic wings 2"] }),
      input({ title: "Aero Fighters 2" }),
      input({ title: "Sonic Wings 2" }),
    ]);
    expect(result.groups).toEqual([[0, 1, 2]]);
    expect(result.evidence).toEqual([["title-part"]]);
    const swapped = groupWorks([
      input({
        title: "Ganbare! Gonta!! 2 / Party Time: Gonta the Diver II",
        titleParts: ["ganbare gonta 2", "party time gonta the diver ii"],
      }),
      input({
        title: "Party Time: Gonta the Diver II / Ganbare! Gonta!! 2",
        titleParts: ["party time gonta the diver ii", "ganbare gonta 2"],
      }),
    ]);
    expect(swapped.groups).toEqual([[0, 1]]);
  });

  it("never joins again the works one title was split into", () => {
    const result = groupWorks([
      input({ title: "4 in 1 + 8 in 1", groupKey: "4 in 1 8 in 1", dumpKeys: ["a"] }),
      input({ title: "4 in 1 + 8 in 1", groupKey: "4 in 1 8 in 1\u00011", dumpKeys: ["b"] }),
      input({ title: "8 in 1 Color", dumpKeys: ["a", "b"] }),
    ]);
    expect(together(result, 0, 1)).toBe(false);
  });
});

describe("splitSameTitle", () => {
  const none = { code: undefined, publisher: undefined, year: undefined, contents: undefined };
  const parts = (list: Parameters<typeof splitSameTitle>[0]): string[] => splitSameTitle(list).map((p) => `${p.strong}.${p.weak}`);

  it("splits one title into the products that share it by a multi-cart's contents, and weakly by product code", () => {
    expect(parts([{ ...none, code: "FB" }, { ...none, code: "SC" }, { ...none, code: "FB" }, none])).toEqual(["0.0", "0.1", "0.0", "0.0"]);
    expect(
      parts([
        { ...none, contents: "4B-001" },
        { ...none, contents: "4B-002" },
      ]),
    ).toEqual(["0.0", "1.0"]);
  });

  it("splits weakly an aftermarket program from a retail game of its title with a file over four times larger, never a larger reprint", () => {
    const retail = { ...none, code: "A4Y", size: 8_388_608 };
    expect(parts([retail, { ...none, aftermarket: true, size: 1_569_344 }])).toEqual(["0.0", "0.1"]);
    expect(parts([retail, { ...none, aftermarket: true, size: 2_097_152 }])).toEqual(["0.0", "0.0"]);
    expect(
      parts([
        { ...retail, size: 262_160 },
        { ...none, aftermarket: true, size: 2_097_168 },
      ]),
    ).toEqual(["0.0", "0.0"]);
    expect(
      parts([
        { ...retail, code: undefined },
        { ...none, aftermarket: true, size: 40_976 },
      ]),
    ).toEqual(["0.0", "0.0"]);
  });

  it("splits by TOSEC credits within a product, weakly, and keeps a budget re-release with its game", () => {
    expect(
      parts([
        { ...none, publisher: "Broderbund", year: 1982 },
        { ...none, publisher: "Activision", year: 1986 },
        none,
        { ...none, publisher: "Broderbund Software", year: 1983 },
      ]),
    ).toEqual(["0.0", "0.1", "0.0", "0.0"]);
    expect(
      parts([
        { ...none, publisher: "Acornsoft", year: 1984 },
        { ...none, publisher: "Superior", year: 1986 },
      ]),
    ).toEqual(["0.0", "0.0"]);
  });
});

describe("groupWorks and split titles", () => {
  it("joins a title split by credits again where one dump shows a re-issue, never one split by product", () => {
    const reissue = groupWorks([
      input({ title: "Atlantis", groupKey: "atlantis", dumpKeys: ["imagic"] }),
      input({ title: "Atlantis", groupKey: "atlantis\u00021", dumpKeys: ["imagic"] }),
    ]);
    expect(reissue.groups).toEqual([[0, 1]]);
    const products = groupWorks([
      input({ title: "Cart", groupKey: "cart", dumpKeys: ["a"] }),
      input({ title: "Cart", groupKey: "cart\u00011", dumpKeys: ["b"] }),
      input({ title: "Cart Color", dumpKeys: ["a", "b"] }),
    ]);
    expect(products.groups.some((g) => g.includes(0) && g.includes(1))).toBe(false);
  });
});
