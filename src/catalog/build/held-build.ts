import {
  copyFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
} from "node:fs";
import path from "node:path";
import { problems } from "../../core/problem.ts";
import { REVIEWS_DIR } from "../changes/write-change-log.ts";
import { readManifest } from "./manifest.ts";
import { writeFileAtomic } from "./write-file-atomic.ts";

/** The review document at the top of a build folder (not under static/: nginx does not serve it). */
export const REVIEW_FILE = "review.json";

/** Where a held update is built: beside the served build folder, never inside it. */
export function heldBuildDir(buildDir: string): string {
  return `${path.resolve(buildDir)}.held`;
}

/** Where the served build goes for the instant of a swap. */
function retiredBuildDir(buildDir: string): string {
  return `${path.resolve(buildDir)}.previous`;
}

/**
 * Finishes or undoes a swap a crash interrupted ({@link publishHeldBuild}): the served folder
 * renamed away and the held one not yet renamed in gets the held one; a served folder whose
 * retired copy is still there loses the copy.
 */
export function recoverInterruptedPublish(buildDir: string): void {
  const retired = retiredBuildDir(buildDir);
  if (!existsSync(retired)) return;
  if (!existsSync(buildDir)) renameSync(heldBuildVersion(buildDir) ? heldBuildDir(buildDir) : retired, buildDir);
  rmSync(retired, { recursive: true, force: true });
}

/** A hard link; a copy with the same mtime when the two folders are on different file systems. */
function linkOrCopy(source: string, target: string): void {
  try {
    linkSync(source, target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
    copyFileSync(source, target);
    const { atime, mtime } = statSync(source);
    utimesSync(target, atime, mtime);
  }
}

/** Hard-links every file of `from` into `to` (same tree): unchanged files cost no bytes, and keep their mtimes. */
function linkTree(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) linkTree(source, target);
    // A temporary file is a write some earlier build left unfinished.
    else if (entry.isFile() && !/\.tmp-\d+$/.test(entry.name)) linkOrCopy(source, target);
  }
}

/**
 * Starts a held build: a fresh folder beside the served one holding hard links to every served
 * file, so that the build reuses what did not change (and writes its change log against the
 * served build). The build replaces a file rather than writing into it, so the served copy keeps
 * its bytes and mtime. Returns the folder to build into.
 */
export function startHeldBuild(buildDir: string): string {
  const held = heldBuildDir(buildDir);
  rmSync(held, { recursive: true, force: true });
  if (existsSync(buildDir)) linkTree(buildDir, held);
  else mkdirSync(held, { recursive: true });
  // The review is the held build's completion mark, written last: the served one must not stand for it.
  rmSync(path.join(held, REVIEW_FILE), { force: true });
  return held;
}

/** Removes a held build that no longer stands for the catalog (accepted by an import, or superseded). */
export function discardHeldBuild(buildDir: string): boolean {
  const held = heldBuildDir(buildDir);
  if (!existsSync(held)) return false;
  rmSync(held, { recursive: true, force: true });
  return true;
}

/** The held build's version and data version, when it is complete (its review is written last). */
export function heldBuildVersion(buildDir: string): { catalogVersion: string; dataVersion: string } | undefined {
  const held = heldBuildDir(buildDir);
  const manifest = readManifest(held);
  if (!manifest) return undefined;
  try {
    const review = JSON.parse(readFileSync(path.join(held, REVIEW_FILE), "utf8")) as { catalogVersion?: string };
    if (review.catalogVersion !== manifest.catalogVersion) return undefined;
  } catch {
    return undefined;
  }
  return { catalogVersion: manifest.catalogVersion, dataVersion: manifest.dataVersion };
}

/**
 * Puts the held build in service: two renames (served folder away, held folder in), then the old
 * folder is removed. A server notices the new manifest.json at the same path within a second, as
 * after any build; its previous snapshot keeps its open files. A crash between the renames is
 * finished by {@link recoverInterruptedPublish}, which every build and publish runs first.
 */
export function publishHeldBuild(buildDir: string, acceptedAt: string): void {
  recoverInterruptedPublish(buildDir);
  const version = heldBuildVersion(buildDir);
  if (!version) throw problems.noHeldBuild(`no complete held build in ${heldBuildDir(buildDir)}; run \`ludex build\` first`);
  // The review says what became of the build; its copy under reviews/ is the held build's own file, never a served one.
  const held = heldBuildDir(buildDir);
  for (const file of [REVIEW_FILE, `${REVIEWS_DIR}/${version.catalogVersion}.json`]) {
    const full = path.join(held, file);
    if (!existsSync(full)) continue;
    const review = JSON.parse(readFileSync(full, "utf8")) as Record<string, unknown>;
    writeFileAtomic(full, JSON.stringify({ ...review, status: "published", acceptedAt: review.acceptedAt ?? acceptedAt }, null, 1));
  }
  const retired = retiredBuildDir(buildDir);
  try {
    if (existsSync(buildDir)) renameSync(buildDir, retired);
    renameSync(heldBuildDir(buildDir), buildDir);
  } catch (error) {
    // The first rename is undone, so a failed swap leaves the served build where it was.
    if (!existsSync(buildDir) && existsSync(retired)) renameSync(retired, buildDir);
    const code = (error as NodeJS.ErrnoException).code;
    throw problems.publishFailed(
      code === "EXDEV" || code === "EBUSY"
        ? `cannot swap ${heldBuildDir(buildDir)} in for ${buildDir}: the build folder must not be a mount point (${code})`
        : `cannot swap ${heldBuildDir(buildDir)} in for ${buildDir}: ${(error as Error).message}`,
      { cause: error },
    );
  }
  rmSync(retired, { recursive: true, force: true });
}
