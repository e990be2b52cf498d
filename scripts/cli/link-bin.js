// Runs as the root package's `prepare` script (npm ci, npm install): links node_modules/.bin/ludex
// to the CLI. The package declares no `bin` on purpose: for a package's own bin, `npx` installs the
// project into its cache and loads the whole dependency tree first (0.6 s a command); a command in
// node_modules/.bin it runs directly. Plain JavaScript: it runs before anything is compiled.
import { lstatSync, mkdirSync, readlinkSync, rmSync, symlinkSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..", "..");
const binDir = path.join(root, "node_modules", ".bin");
const link = path.join(binDir, "ludex");
const target = path.relative(binDir, path.join(root, "scripts", "ludex.js"));

const current = lstatSync(link, { throwIfNoEntry: false });
if (!current?.isSymbolicLink() || readlinkSync(link) !== target) {
  mkdirSync(binDir, { recursive: true });
  rmSync(link, { force: true });
  symlinkSync(target, link);
}
