import type { SevenZipModule, SevenZipModuleFactory } from "7z-wasm";
import { fingerprint } from "./fingerprint.ts";
import type { ZipMemberFingerprint } from "./zip-members.ts";

/** One member of a 7z listing (`7zz l -slt`). */
interface ListedMember {
  readonly path: string;
  readonly folder: boolean;
}

/** The members of `7zz l -slt -ba` output: blocks of `Key = value` lines, one block per member. */
function parseListing(lines: readonly string[]): ListedMember[] {
  const members: ListedMember[] = [];
  let current: { path?: string; attributes?: string } = {};
  const flush = (): void => {
    if (current.path !== undefined) members.push({ path: current.path, folder: /^D/.test(current.attributes ?? "") });
    current = {};
  };
  for (const line of lines) {
    const found = /^(Path|Attributes) = (.*)$/.exec(line);
    if (found?.[1] === "Path") {
      flush();
      current.path = found[2];
    } else if (found?.[1] === "Attributes") current.attributes = found[2];
  }
  flush();
  return members;
}

/** A 7-Zip instance whose printed lines are collected, created for one archive (a failed command may leave one unusable). */
async function sevenZip(): Promise<{ module: SevenZipModule; run(args: string[]): string[] }> {
  // Loaded on first use: 1.5 MB of WebAssembly that most scans never need. The package is CommonJS
  // (its module.exports is the factory) in Node and an ES module (its default export) in browsers.
  const factory = (await import("7z-wasm")).default as unknown as SevenZipModuleFactory;
  let lines: string[] = [];
  const module = await factory({ print: (line: string) => lines.push(line), printErr: (line: string) => lines.push(line) });
  return {
    module,
    run(args) {
      lines = [];
      let status: unknown;
      try {
        // callMain returns 7-Zip's exit status (its typings say void); a fatal error throws it.
        status = module.callMain(args);
      } catch (thrown) {
        status = thrown;
      }
      if (status !== undefined && status !== 0) {
        const said = lines
          .filter((line) => /ERROR|Cannot|Can not/i.test(line))
          .map((line) => line.replace(/^ERROR: /, "").replace("/archive : ", ""));
        throw new Error(`7-Zip could not read the archive (exit ${String(status)})${said.length > 0 ? `: ${said.join("; ")}` : ""}`);
      }
      return lines;
    },
  };
}

/**
 * Fingerprints every file inside a 7z archive (any format 7-Zip reads) with 7-Zip compiled to
 * WebAssembly (7z-wasm): the archive and one member at a time are held in its in-memory file
 * system, never written to disk. Members are listed, then extracted one by one, so memory holds
 * the archive and its largest member.
 */
export async function fingerprint7z(
  archive: Uint8Array,
  options: { readonly platform?: string | undefined } = {},
): Promise<ZipMemberFingerprint[]> {
  const sz = await sevenZip();
  const { FS } = sz.module;
  FS.writeFile("/archive", archive);
  // -spd: names are names, not wildcards; -bd: no progress lines; -ba: no banner.
  const members = parseListing(sz.run(["l", "-slt", "-ba", "-bd", "-spd", "/archive"])).filter((m) => !m.folder);
  const out: ZipMemberFingerprint[] = [];
  FS.mkdir("/out");
  for (const member of members) {
    sz.run(["x", "-bd", "-y", "-spd", "-o/out", "/archive", member.path]);
    const file = `/out/${member.path}`;
    const bytes = FS.readFile(file);
    FS.unlink(file);
    const name = member.path.slice(member.path.replaceAll("\\", "/").lastIndexOf("/") + 1);
    out.push({ ...(await fingerprint(bytes, { name, platform: options.platform })), member: member.path });
  }
  return out;
}
