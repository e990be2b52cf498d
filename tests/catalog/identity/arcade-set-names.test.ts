import { describe, expect, it } from "vitest";
import { movedSetNames } from "../../../src/catalog/identity/arcade-set-names.ts";

describe("arcade set names another collection gave to another game", () => {
  it("moves an entry to the set its name has where its set name is another game of another year, and no other entry", () => {
    expect(
      movedSetNames([
        { name: "New Atomic Punk - Global Quest (US)", setName: "atompunk", collections: ["mame-2003"], year: 1992 },
        { name: "Atomic Punk (US)", setName: "atompunk", collections: ["mame-2010", "fbneo"], year: 1991 },
        { name: "New Atomic Punk - Global Quest (US)", setName: "newapunk", collections: ["mame-2010", "fbneo"], year: 1992 },
        // One game's sets renamed, same year: the set name still joins them.
        { name: "Sen Jin - Guardian Storm (Korea)", setName: "grdnstrm", collections: ["mame-2003"], year: 1998 },
        { name: "Guardian Storm", setName: "grdnstrm", collections: ["mame-2010"], year: 1998 },
        { name: "Sen Jin - Guardian Storm (Korea)", setName: "grdnstrmk", collections: ["mame-2010"], year: 1998 },
        // Another year, but the other collection does not list the entry's name under another set.
        { name: "Area 51", setName: "area51", collections: ["mame-2003"], year: 1995 },
        { name: "Area 51 (R3000)", setName: "area51", collections: ["mame-2010"], year: 1996 },
      ]),
    ).toEqual(["newapunk", undefined, undefined, undefined, undefined, undefined, undefined, undefined]);
  });

  it("moves an undated entry to the set another collection zips it under, where that collection zips its set name otherwise", () => {
    expect(
      movedSetNames([
        { name: "Alien Invasion Part II", setName: "alieninv", collections: ["mame-2003"], year: undefined, zip: "c04d" },
        { name: "Alien Invasion", setName: "alieninv", collections: ["mame-2010"], year: undefined, zip: "3514" },
        { name: "Alien Invasion Part II", setName: "alieninvp2", collections: ["mame-2010"], year: undefined, zip: "c04d" },
        // The same set zipped alike, or otherwise with no other set holding its zip, stays.
        { name: "Gorf", setName: "gorf", collections: ["mame-2003"], year: undefined, zip: "daad" },
        { name: "Gorf", setName: "gorf", collections: ["mame-2010"], year: undefined, zip: "daad" },
        { name: "Gorf (Program 1)", setName: "gorfpgm1", collections: ["mame-2003"], year: undefined, zip: "162f" },
        { name: "Gorf (program 1)", setName: "gorfpgm1", collections: ["mame-2010"], year: undefined, zip: "1994" },
      ]),
    ).toEqual(["alieninvp2", undefined, undefined, undefined, undefined, undefined, undefined]);
  });
});
