import { describe, expect, it } from "vitest";
import { versionBaseKey } from "../../../src/catalog/identity/arcade-versions.ts";
import { titleKey } from "../../../src/catalog/names/title-key.ts";
import { arcadeDats, arcadeRom as rom, arcadeWorks as works } from "../../helpers/arcade-works.ts";
import { datFile as dat } from "../../helpers/dat-file.ts";

describe("an arcade title's version marker", () => {
  it("reads ver., version, v and decimal numbers as versions, and a numeral word as its Roman numeral", () => {
    expect(versionBaseKey("Multipac 1.4")).toBe("multipac");
    expect(versionBaseKey("Shaman King demo 0.20")).toBe("shaman king demo");
    expect(versionBaseKey("Demon Front V1.1 / Moyu Zhanxian")).toBe("demon front moyu zhanxian");
    expect(versionBaseKey("Strikers 1945 II / Strikers 1945 Plus")).toBeUndefined();
    expect(versionBaseKey("Domino Block ver.2")).toBe("domino block");
    expect(versionBaseKey("Soul Edge Ver. II")).toBe("soul edge");
    expect(versionBaseKey("Puzzle Star version 3")).toBe("puzzle star");
    expect(versionBaseKey("Robo Army v1.2")).toBe("robo army");
    expect(versionBaseKey("Ikari Three")).toBe("ikari iii");
  });

  it("reads 'Another Ver' and a prototype's 'Engineering Sample' as another build of the title before them", () => {
    expect(versionBaseKey("Mushihime-Sama Futari Black Label - Another Ver")).toBe(titleKey("Mushihime-Sama Futari Black Label"));
    expect(versionBaseKey("Jump Shot Engineering Sample")).toBe("jump shot");
    expect(versionBaseKey("Engineering Sample")).toBeUndefined();
  });

  it("reads a bare trailing number or Roman numeral as a sequel's, and a numeral word inside a larger number as no numeral", () => {
    expect(versionBaseKey("Street Fighter II")).toBeUndefined();
    expect(versionBaseKey("Ikari III")).toBeUndefined();
    expect(versionBaseKey("Tekken 3")).toBeUndefined();
    expect(versionBaseKey("Twenty Three")).toBeUndefined();
    expect(versionBaseKey("Ultra V")).toBeUndefined();
    expect(versionBaseKey("Cal Omega - Game 7.4")).toBeUndefined();
  });
});

describe("versions of one arcade game", () => {
  it("joins a title with its versions when the makers share one or one credits no one, and the years lie within two", () => {
    const mame = dat([
      { name: "Domino Block", fields: { developer: "Wonwoo Systems", releaseyear: "1996" }, roms: [rom("dominob.zip", "1")] },
      { name: "Domino Block ver.2", fields: { developer: "Wonwoo Systems", releaseyear: "1996" }, roms: [rom("dominobv2.zip", "2")] },
      { name: "Soul Edge (SO1/VER.A)", fields: { developer: "Namco", releaseyear: "1995" }, roms: [rom("souledgb.zip", "3")] },
      { name: "Soul Edge Ver. II (SO3/VER.C)", fields: { developer: "Namco", releaseyear: "1995" }, roms: [rom("souledgea.zip", "4")] },
      {
        name: "Ikari III - The Rescue (Rotary Joystick)",
        fields: { developer: "SNK", releaseyear: "1989" },
        roms: [rom("ikari3.zip", "5")],
      },
    ]);
    const fbneo = dat([{ name: "Ikari Three (Japan, Rotary Joystick)", fields: { releaseyear: "1989" }, roms: [rom("ikari3j.zip", "6")] }]);
    const hbmame = dat([
      { name: "Multipac 1.0", fields: { developer: "Clay Cowgill", releaseyear: "1998" }, roms: [rom("multi10.zip", "7")] },
      { name: "Multipac 1.4", fields: { developer: "Clay Cowgill", releaseyear: "1998" }, roms: [rom("multi14.zip", "8")] },
    ]);
    expect(works(arcadeDats({ mame, fbneo, hbmame }))).toEqual([
      ["Domino Block", "Domino Block ver.2"],
      ["Ikari III - The Rescue (Rotary Joystick)", "Ikari Three (Japan, Rotary Joystick)"],
      ["Multipac 1.0", "Multipac 1.4"],
      ["Soul Edge (SO1/VER.A)", "Soul Edge Ver. II (SO3/VER.C)"],
    ]);
  });

  it("keeps apart a sequel (a bare number, or a decimal from 2 up beside the unmarked title), and a version by other makers or more than two years later", () => {
    const mame = dat([
      { name: "Ikari III - The Rescue", fields: { developer: "SNK", releaseyear: "1989" }, roms: [rom("ikari3.zip", "1")] },
      { name: "Ikari II", fields: { developer: "SNK", releaseyear: "1987" }, roms: [rom("ikari2.zip", "2")] },
      { name: "Puzzle Star", fields: { developer: "Sunsoft", releaseyear: "1993" }, roms: [rom("pstar.zip", "3")] },
      { name: "Puzzle Star ver.2", fields: { developer: "Kaneko", releaseyear: "1994" }, roms: [rom("pstar2.zip", "4")] },
      { name: "Raiden Fighters", fields: { developer: "Seibu Kaihatsu", releaseyear: "1996" }, roms: [rom("rdft.zip", "7")] },
      { name: "Raiden Fighters 2.1", fields: { developer: "Seibu Kaihatsu", releaseyear: "1997" }, roms: [rom("rdft21.zip", "8")] },
      { name: "Gun Master", fields: { developer: "Metro", releaseyear: "1994" }, roms: [rom("gunmast.zip", "5")] },
      { name: "Gun Master ver.2", fields: { developer: "Metro", releaseyear: "1999" }, roms: [rom("gunmast2.zip", "6")] },
    ]);
    expect(works(arcadeDats({ mame }))).toEqual([
      ["Gun Master"],
      ["Gun Master ver.2"],
      ["Ikari II"],
      ["Ikari III - The Rescue"],
      ["Puzzle Star"],
      ["Puzzle Star ver.2"],
      ["Raiden Fighters"],
      ["Raiden Fighters 2.1"],
    ]);
  });
});
