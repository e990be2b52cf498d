import { existsSync } from "node:fs";
import path from "node:path";

export const projectRoot = path.resolve(import.meta.dirname, "..", "..");
export const sampleSource = path.join(projectRoot, "data", "sample");
export const platformsFile = path.join(projectRoot, "data", "platforms.json");
export const releaseFeedFile = path.join(projectRoot, "data", "release-feed.json");
/** The real libretro-database extract, beside the project; tests that need it skip without it. */
export const realSource = path.resolve(projectRoot, "..", "shared", "libretro-database");
export const hasRealData = existsSync(path.join(realSource, "metadat"));
export const realDataSkipReason = `real data absent: ${realSource} not found, test skipped`;
/** The libretro-thumbnails listings beside the project (`folders.txt`, `<folder>.txt`); imported into the real catalog fixture when present. */
export const realThumbnails = path.resolve(projectRoot, "..", "shared", "libretro-thumbnails");
export const hasRealThumbnails = existsSync(path.join(realThumbnails, "folders.txt"));
export const realThumbnailsSkipReason = `real thumbnail listings absent: ${realThumbnails} not found, test skipped`;
/** The Retool clone lists and metadata beside the project (BSD 3-Clause); imported into the real catalog's fixture when present. */
export const realRetool = path.resolve(projectRoot, "..", "shared", "retool-clonelists-metadata");
export const hasRealRetool = existsSync(path.join(realRetool, "clonelists"));
export const realRetoolSkipReason = `Retool data absent: ${realRetool} not found, test skipped`;
