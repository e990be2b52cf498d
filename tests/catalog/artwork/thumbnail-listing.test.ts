import { describe, expect, it } from "vitest";
import { listingDigest, listingSize, parseThumbnailPaths } from "../../../src/catalog/artwork/thumbnail-listing.ts";

const lines = [
  "Named_Boxarts/Knuckles' Chaotix (Japan, USA).png",
  "Named_Snaps/Knuckles' Chaotix (Japan, USA).png",
  "Named_Titles/Knuckles' Chaotix (Japan, USA).png",
  "Named_Logos/Knuckles' Chaotix (Japan, USA).png",
  "Named_Boxarts/Doom (Europe).png",
];

describe("parseThumbnailPaths", () => {
  it("files each Named_* PNG under its artwork type, without .png, sorted", () => {
    const listing = parseThumbnailPaths("Sega - 32X", "32x.txt", lines);
    expect(listing).toEqual({
      folder: "Sega - 32X",
      source: "32x.txt",
      files: {
        boxart: ["Doom (Europe)", "Knuckles' Chaotix (Japan, USA)"],
        snap: ["Knuckles' Chaotix (Japan, USA)"],
        title: ["Knuckles' Chaotix (Japan, USA)"],
        logo: ["Knuckles' Chaotix (Japan, USA)"],
      },
      ignored: 0,
    });
    expect(listingSize(listing)).toBe(5);
  });

  it("reads CRLF lines and skips blank ones without counting them as ignored", () => {
    const listing = parseThumbnailPaths("f", "s", ["Named_Boxarts/Doom (Europe).png\r", "", "\r", "Named_Snaps/Doom (Europe).png\r"]);
    expect(listing.files.boxart).toEqual(["Doom (Europe)"]);
    expect(listing.files.snap).toEqual(["Doom (Europe)"]);
    expect(listing.ignored).toBe(0);
  });

  it("ignores and counts README.md, other folders, nested paths, other extensions and a bare .png", () => {
    const listing = parseThumbnailPaths("f", "s", [
      "README.md",
      ".gitattributes",
      "Named_Boxarts",
      "Boxarts/Doom (Europe).png",
      "named_boxarts/Doom (Europe).png",
      "Named_Boxarts/Region/Doom (Europe).png",
      "Named_Boxarts/Doom (Europe).jpg",
      "Named_Boxarts/Doom (Europe).PNG",
      "Named_Boxarts/.png",
      "/Named_Boxarts/Doom (Europe).png",
      "Named_Boxarts/Doom (Europe).png",
    ]);
    expect(listing.files.boxart).toEqual(["Doom (Europe)"]);
    expect(listing.ignored).toBe(10);
  });

  it("collapses duplicates and keeps names case-sensitive", () => {
    const listing = parseThumbnailPaths("f", "s", [
      "Named_Boxarts/Doom (Europe).png",
      "Named_Boxarts/Doom (Europe).png",
      "Named_Boxarts/DOOM (Europe).png",
    ]);
    expect(listing.files.boxart).toEqual(["DOOM (Europe)", "Doom (Europe)"]);
    expect(listingSize(listing)).toBe(2);
  });
});

describe("listingDigest", () => {
  const digest = (paths: string[]): string => listingDigest(parseThumbnailPaths("f", "s", paths));

  it("does not depend on line order, duplicates, the folder or the source", () => {
    expect(digest([...lines].reverse())).toBe(digest(lines));
    expect(digest([...lines, lines[0] ?? ""])).toBe(digest(lines));
    expect(listingDigest(parseThumbnailPaths("other", "other.txt", lines))).toBe(digest(lines));
  });

  it("changes when a name changes, only by case, is added or moves to another type", () => {
    const base = digest(lines);
    expect(digest(lines.map((l) => l.replace("Doom (Europe)", "Doom (USA)")))).not.toBe(base);
    expect(digest(lines.map((l) => l.replace("Doom (Europe)", "DOOM (Europe)")))).not.toBe(base);
    expect(digest([...lines, "Named_Titles/Doom (Europe).png"])).not.toBe(base);
    expect(digest(lines.map((l) => l.replace("Named_Boxarts/Doom", "Named_Snaps/Doom")))).not.toBe(base);
  });
});
