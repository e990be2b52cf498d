import { execFileSync } from "node:child_process";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { readThumbnailSources } from "../../../src/catalog/import/read-thumbnail-sources.ts";
import { isProblem, type Problem } from "../../../src/core/problem.ts";
import { tempDir } from "../../helpers/temp-dir.ts";

/** The Problem a call throws; fails the test when it throws something else or nothing. */
function problemOf(call: () => unknown): Problem {
  try {
    call();
  } catch (error) {
    if (isProblem(error)) return error;
    throw error;
  }
  throw new Error("expected a Problem, nothing was thrown");
}

/** Runs git with no user configuration, so that the machine's settings cannot change what a test sees. */
function git(args: string[], cwd?: string): string {
  return execFileSync("git", ["-c", "user.name=ludex", "-c", "user.email=ludex@example.test", "-c", "commit.gpgsign=false", ...args], {
    cwd,
    encoding: "utf8",
    env: { ...process.env, GIT_CONFIG_NOSYSTEM: "1", GIT_CONFIG_GLOBAL: "/dev/null", GIT_TERMINAL_PROMPT: "0" },
    stdio: ["ignore", "pipe", "pipe"],
  });
}

function write(file: string, text = ""): string {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  return file;
}

describe("readThumbnailSources: listing files and folders of them", () => {
  const dir = tempDir("ludex-thumbs-");
  const x32 = write(path.join(dir, "Sega - 32X.txt"), "Named_Boxarts/Doom (Europe).png\r\nNamed_Snaps/Doom (Europe).png\r\nREADME.md\r\n");
  const listings = path.join(dir, "listings");
  beforeAll(() => {
    write(path.join(listings, "folders.txt"), "Sega - 32X\nNintendo - Virtual Boy\n");
    write(path.join(listings, "notes.txt"), "fetched 2025-01-16\n");
    write(path.join(listings, "README.md"), "Named_Boxarts/Not A Listing (USA).png\n");
    write(path.join(listings, "Sega - 32X.txt"), "Named_Boxarts/Doom (Europe).png\n");
    write(path.join(listings, "Nintendo - Virtual Boy.txt"), "Named_Titles/V-Tetris (Japan).png\n");
  });

  it("reads a <folder>.txt file as the listing of the folder its name says", () => {
    const [listing, ...rest] = readThumbnailSources([x32]);
    expect(rest).toEqual([]);
    expect(listing).toMatchObject({
      folder: "Sega - 32X",
      source: x32,
      files: { boxart: ["Doom (Europe)"], snap: ["Doom (Europe)"], title: [], logo: [] },
      ignored: 1,
    });
  });

  it("reads each listing of a folder, by name, and neither folders.txt, a text file without thumbnail paths nor README.md", () => {
    const read = readThumbnailSources([listings]);
    expect(read.map((l) => [l.folder, l.source])).toEqual([
      ["Nintendo - Virtual Boy", path.join(listings, "Nintendo - Virtual Boy.txt")],
      ["Sega - 32X", path.join(listings, "Sega - 32X.txt")],
    ]);
    expect(read[0]?.files.title).toEqual(["V-Tetris (Japan)"]);
  });

  it("names the folder of a single source with --folder", () => {
    const renamed = write(path.join(dir, "32x-2025.txt"), "Named_Boxarts/Doom (Europe).png\n");
    expect(readThumbnailSources([renamed]).map((l) => l.folder)).toEqual(["32x-2025"]);
    expect(readThumbnailSources([renamed], "Sega - 32X").map((l) => l.folder)).toEqual(["Sega - 32X"]);
  });

  it("refuses --folder with two sources, or with a folder of listings, as a usage error", () => {
    expect(problemOf(() => readThumbnailSources([x32, listings], "Sega - 32X")).type).toBe("usage");
    expect(problemOf(() => readThumbnailSources([listings], "Sega - 32X")).type).toBe("usage");
  });

  it("answers a missing source with source-not-found, naming it", () => {
    const missing = path.join(dir, "Sega - 32X (missing).txt");
    const problem = problemOf(() => readThumbnailSources([x32, missing]));
    expect(problem.type).toBe("source-not-found");
    expect(problem.detail).toContain(missing);
  });

  it("follows a linked listing in a folder of listings, and names a broken link or a loop instead of failing on it", () => {
    const linked = path.join(dir, "linked");
    mkdirSync(linked, { recursive: true });
    symlinkSync(path.join(listings, "Sega - 32X.txt"), path.join(linked, "Sega - 32X.txt"));
    expect(readThumbnailSources([linked]).map((l) => l.folder)).toEqual(["Sega - 32X"]);
    symlinkSync(path.join(dir, "nowhere.txt"), path.join(linked, "Nintendo - Virtual Boy.txt"));
    const broken = problemOf(() => readThumbnailSources([linked]));
    expect(broken.type).toBe("source-not-found");
    expect(broken.detail).toContain(path.join(linked, "Nintendo - Virtual Boy.txt"));
    const looped = path.join(dir, "looped");
    mkdirSync(looped, { recursive: true });
    symlinkSync(path.join(looped, "b.txt"), path.join(looped, "a.txt"));
    symlinkSync(path.join(looped, "a.txt"), path.join(looped, "b.txt"));
    expect(problemOf(() => readThumbnailSources([looped])).detail).toContain(path.join(looped, "a.txt"));
  });

  it("answers sources without a thumbnail path with no-thumbnail-listings", () => {
    const empty = path.join(dir, "empty");
    write(path.join(empty, "folders.txt"), "Sega - 32X\n");
    expect(problemOf(() => readThumbnailSources([empty])).type).toBe("no-thumbnail-listings");
    expect(problemOf(() => readThumbnailSources([path.join(empty, "folders.txt")])).type).toBe("no-thumbnail-listings");
  });

  it("refuses a listing file without a thumbnail path even beside a good one, rather than import an empty listing", () => {
    // An empty listing would replace the folder's real one and leave its games without artwork.
    const blank = write(path.join(dir, "blank", "Sega - 32X.txt"), "README.md\n");
    const problem = problemOf(() => readThumbnailSources([path.join(listings, "Nintendo - Virtual Boy.txt"), blank]));
    expect(problem.type).toBe("no-thumbnail-listings");
    expect(problem.detail).toContain(blank);
  });
});

describe("readThumbnailSources: a checked-out thumbnails folder", () => {
  it("lists the files under Named_Boxarts/ and its siblings, the folder named by the directory", () => {
    const checkout = path.join(tempDir("ludex-checkout-"), "Nintendo - Virtual Boy");
    write(path.join(checkout, "Named_Boxarts", "V-Tetris (Japan).png"));
    write(path.join(checkout, "Named_Snaps", "Mario's Tennis (Japan, USA).png"));
    write(path.join(checkout, "README.md"), "# thumbnails\n");
    const [listing, ...rest] = readThumbnailSources([checkout]);
    expect(rest).toEqual([]);
    expect(listing).toMatchObject({
      folder: "Nintendo - Virtual Boy",
      files: { boxart: ["V-Tetris (Japan)"], snap: ["Mario's Tennis (Japan, USA)"], title: [], logo: [] },
    });
    expect(readThumbnailSources([checkout], "Other").map((l) => l.folder)).toEqual(["Other"]);
  });
});

describe("readThumbnailSources: a git repository", () => {
  const root = tempDir("ludex-git-");
  const origin = path.join(root, "origin");
  const clone = path.join(root, "clones", "Sega_-_32X");
  beforeAll(() => {
    write(path.join(origin, "Named_Boxarts", "Knuckles' Chaotix (Japan, USA).png"), "png 1");
    write(path.join(origin, "Named_Boxarts", "Doom (Europe).png"), "png 2");
    write(path.join(origin, "Named_Snaps", "Doom (Europe).png"), "png 3");
    write(path.join(origin, "README.md"), "# Sega - 32X\n");
    // The real repositories link region and disc duplicates to one file.
    symlinkSync("Doom (Europe).png", path.join(origin, "Named_Boxarts", "Doom (USA).png"));
    git(["init", "--quiet", "--initial-branch=master", origin]);
    git(["-C", origin, "config", "uploadpack.allowFilter", "true"]);
    git(["-C", origin, "add", "-A"]);
    git(["-C", origin, "commit", "--quiet", "-m", "thumbnails"]);
    // A file added and removed in the working tree only: the listing is the commit's, not the files on disk.
    write(path.join(origin, "Named_Boxarts", "Uncommitted (USA).png"), "png 4");
    git(["-c", "protocol.file.allow=always", "clone", "--quiet", "--filter=blob:none", "--no-checkout", `file://${origin}`, clone]);
  });

  /** Blobs the clone does not hold: a blobless clone holds none. */
  const missingBlobs = (): number =>
    git(["-C", clone, "rev-list", "--objects", "--missing=print", "HEAD"])
      .split("\n")
      .filter((line) => line.startsWith("?")).length;

  it("lists a blobless clone from its trees, symbolic links included, without fetching a blob", () => {
    expect(missingBlobs()).toBe(5);
    const [listing, ...rest] = readThumbnailSources([clone]);
    expect(rest).toEqual([]);
    expect(listing).toMatchObject({
      folder: "Sega - 32X",
      source: clone,
      files: {
        boxart: ["Doom (Europe)", "Doom (USA)", "Knuckles' Chaotix (Japan, USA)"],
        snap: ["Doom (Europe)"],
        title: [],
        logo: [],
      },
      ignored: 1,
    });
    expect(missingBlobs()).toBe(5);
  });

  it("lists the commit of a repository with a work tree, not its uncommitted files", () => {
    const [listing] = readThumbnailSources([origin], "Sega - 32X");
    expect(listing?.files.boxart).toEqual(["Doom (Europe)", "Doom (USA)", "Knuckles' Chaotix (Japan, USA)"]);
  });

  it("names a bare repository's folder without its .git suffix", () => {
    const bare = path.join(root, "bare", "Nintendo_-_Virtual_Boy.git");
    git(["-c", "protocol.file.allow=always", "clone", "--quiet", "--bare", "--filter=blob:none", `file://${origin}`, bare]);
    expect(readThumbnailSources([bare]).map((l) => l.folder)).toEqual(["Nintendo - Virtual Boy"]);
  });

  it("answers a repository git cannot list with thumbnail-listing-failed, naming it and git's message", () => {
    const unborn = path.join(root, "Sega_-_CD");
    git(["init", "--quiet", unborn]);
    const problem = problemOf(() => readThumbnailSources([unborn]));
    expect(problem.type).toBe("thumbnail-listing-failed");
    expect(problem.detail).toMatch(/Sega_-_CD: git ls-tree failed: .*HEAD/);

    const broken = path.join(root, "Sega_-_Saturn");
    write(path.join(broken, ".git"), "not a git file\n");
    expect(problemOf(() => readThumbnailSources([broken])).type).toBe("thumbnail-listing-failed");
  });
});
