import { describe, expect, it } from "vitest";
import { gameArtwork, thumbnailFiles } from "../../../src/catalog/artwork/game-artwork.ts";
import { MAX_ARTWORK_LINKS } from "../../../src/catalog/record/record-schemas.ts";

const base = "https://thumbs.example";
const folder = "Nintendo - Virtual Boy";
const root = `${base}/Nintendo%20-%20Virtual%20Boy`;
const none = { boxart: [], snap: [], title: [], logo: [] };

describe("artwork URLs", () => {
  const url = (folder: string, type: "boxart" | "snap" | "title" | "logo", name: string): string | undefined =>
    gameArtwork([name], [type], { baseUrl: base, folder })[type]?.url;

  it("builds URL-encoded {base}/{folder}/Named_*/{name}.png", () => {
    expect(url("Nintendo - Super Nintendo Entertainment System", "boxart", "Legend of Zelda, The - A Link to the Past (USA)")).toBe(
      `${base}/Nintendo%20-%20Super%20Nintendo%20Entertainment%20System/Named_Boxarts/Legend%20of%20Zelda%2C%20The%20-%20A%20Link%20to%20the%20Past%20(USA).png`,
    );
    expect(url("X", "snap", "100% _ more")).toBe(`${base}/X/Named_Snaps/100%25%20_%20more.png`);
    expect(url("X", "title", "a")).toBe(`${base}/X/Named_Titles/a.png`);
    expect(url("X", "logo", "a")).toBe(`${base}/X/Named_Logos/a.png`);
  });
});

describe("game artwork", () => {
  it("without a listing, links the first candidates and the chosen release's short name, unverified, at most the bound", () => {
    const names = ["A (USA)", "A (Europe)", "A (Japan)", "A (Korea)", "A (Brazil)", "A (China)", "A"];
    const artwork = gameArtwork(names, ["boxart", "logo"], { baseUrl: base, folder });
    expect(artwork.verified).toBe(false);
    expect(MAX_ARTWORK_LINKS).toBe(3);
    expect(artwork.boxart).toEqual({
      url: `${root}/Named_Boxarts/A%20(USA).png`,
      candidates: [`${root}/Named_Boxarts/A%20(Europe).png`, `${root}/Named_Boxarts/A.png`],
    });
    expect(artwork.logo?.url).toBe(`${root}/Named_Logos/A%20(USA).png`);
    expect(Object.keys(artwork)).toEqual(["verified", "boxart", "logo"]);
  });

  it("without a listing, keeps candidate order when the short name is within the bound", () => {
    const artwork = gameArtwork(["A (USA)", "A"], ["boxart"], { baseUrl: base, folder });
    expect(artwork.boxart).toEqual({ url: `${root}/Named_Boxarts/A%20(USA).png`, candidates: [`${root}/Named_Boxarts/A.png`] });
    const noShort = gameArtwork(["Pac-Man", "Pac-Man (Japan)", "Puck Man", "Puck Man (Japan)"], ["snap"], { baseUrl: base, folder });
    expect(noShort.snap?.candidates).toEqual([`${root}/Named_Snaps/Pac-Man%20(Japan).png`, `${root}/Named_Snaps/Puck%20Man.png`]);
  });

  it("with a listing, keeps only listed names, in candidate order, then listed names of the same title", () => {
    const files = thumbnailFiles({
      ...none,
      boxart: ["V-Tetris (Japan)", "V-Tetris (USA)", "Other (USA)"],
      snap: ["V-Tetris (Japan) (En)"],
    });
    const artwork = gameArtwork(["V-Tetris (Japan) (En)", "V-Tetris"], ["boxart", "snap", "title"], { baseUrl: base, folder, files });
    expect(artwork).toEqual({
      verified: true,
      boxart: {
        url: `${root}/Named_Boxarts/V-Tetris%20(Japan).png`,
        candidates: [`${root}/Named_Boxarts/V-Tetris%20(USA).png`],
      },
      snap: { url: `${root}/Named_Snaps/V-Tetris%20(Japan)%20(En).png`, candidates: [] },
    });
  });

  it("with a listing that has nothing for the game, says verified and gives no type", () => {
    const files = thumbnailFiles({ ...none, boxart: ["Other (USA)"] });
    expect(gameArtwork(["Mario VB (World)", "Mario VB"], ["boxart"], { baseUrl: base, folder, files })).toEqual({ verified: true });
  });

  it("reads same-title names with case ignored, sorted", () => {
    const files = thumbnailFiles({ ...none, boxart: ["mario clash (USA)", "Mario Clash (Japan)", "Mario Clash"] });
    expect(files.sameTitle("boxart", "Mario Clash (Europe)")).toEqual(["Mario Clash", "Mario Clash (Japan)", "mario clash (USA)"]);
    expect(files.has("boxart", "Mario Clash")).toBe(true);
    expect(files.has("snap", "Mario Clash")).toBe(false);
  });
});
