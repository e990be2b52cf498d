/** Record and page files per folder: ids in blocks of a thousand. */
export const ID_FOLDER_SIZE = 1000;

/**
 * The folder a game's record file and page file live in, named by `floor(id / 1000)`: a full
 * build's 140,000 files per kind in one folder made every file creation scan a huge directory,
 * and the build's two threads, creating files side by side, wait on one directory's lock. Ids of
 * one platform are mostly consecutive, so each thread writes to folders of its own.
 * deploy/nginx/ludex.conf.template computes the same folder from the id's digits.
 */
export function idFolder(id: number): string {
  return String(Math.floor(id / ID_FOLDER_SIZE));
}
