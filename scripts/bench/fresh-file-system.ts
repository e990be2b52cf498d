import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/** A folder on a file system made for one bench run, and how to give it back. */
export interface FreshFileSystem {
  /** What it is, as the bench prints it. */
  readonly label: string;
  readonly dir: string;
  release(): void;
}

export type FileSystemKind = "ext4" | "tmpfs" | "tmpdir";

const run = (command: string, args: string[]): boolean => spawnSync(command, args, { stdio: "ignore" }).status === 0;

/**
 * A loop-mounted ext4 image made for this run (needs root, mkfs.ext4 and mount): the machine's own
 * root ext4 gets slower at creating files after mass deletes, so a figure taken there depends on
 * what ran before. One inode per 4 KiB: two builds of ~300,000 small files each must fit.
 */
function freshExt4(): FreshFileSystem | undefined {
  if (process.getuid?.() !== 0 || !existsSync("/usr/sbin/mkfs.ext4")) return undefined;
  const base = mkdtempSync(path.join(os.tmpdir(), "ludex-bench-ext4-"));
  const image = path.join(base, "fs.img");
  const mountPoint = path.join(base, "mnt");
  const cleanUp = (): void => rmSync(base, { recursive: true, force: true });
  if (!run("truncate", ["-s", "8G", image]) || !run("mkfs.ext4", ["-q", "-F", "-i", "4096", image])) {
    cleanUp();
    return undefined;
  }
  mkdirSync(mountPoint);
  if (!run("mount", ["-o", "loop", image, mountPoint])) {
    cleanUp();
    return undefined;
  }
  return {
    label: "ext4, fresh (8 GiB loop-mounted image)",
    dir: mountPoint,
    release: () => {
      run("umount", [mountPoint]);
      cleanUp();
    },
  };
}

/** A folder under /dev/shm: memory, no disk, so it flatters file writes. */
function freshTmpfs(): FreshFileSystem | undefined {
  if (!statSync("/dev/shm", { throwIfNoEntry: false })?.isDirectory()) return undefined;
  const dir = mkdtempSync("/dev/shm/ludex-bench-");
  return { label: "tmpfs (/dev/shm)", dir, release: () => rmSync(dir, { recursive: true, force: true }) };
}

function tmpdir(): FreshFileSystem {
  const dir = mkdtempSync(path.join(os.tmpdir(), "ludex-bench-build-"));
  return { label: `the OS temp folder (${os.tmpdir()}), not fresh`, dir, release: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The file system asked for, else the next one that can be had (ext4, then tmpfs, then the temp folder). */
export function freshFileSystem(kind: FileSystemKind): FreshFileSystem {
  if (kind === "ext4") return freshExt4() ?? freshTmpfs() ?? tmpdir();
  if (kind === "tmpfs") return freshTmpfs() ?? tmpdir();
  return tmpdir();
}
