import sevenZipModule, { type SevenZipModuleFactory } from "7z-wasm";

// The package is CommonJS: its module.exports, the default import here, is the factory.
const SevenZip = sevenZipModule as unknown as SevenZipModuleFactory;

/**
 * A 7z archive of `files` (name → bytes; names may have folders), made by 7-Zip itself (7z-wasm),
 * in memory; `switches` make another kind (`["-tzip", "-mm=BZip2"]`: a zip whose members use BZip2).
 */
export async function make7z(files: Readonly<Record<string, Uint8Array>>, switches: readonly string[] = []): Promise<Uint8Array> {
  const sevenZip = await SevenZip({ print: () => {}, printErr: () => {} });
  const { FS } = sevenZip;
  const folders = new Set(["/in"]);
  for (const name of Object.keys(files)) {
    const parts = name.split("/");
    for (let i = 1; i < parts.length; i++) folders.add(`/in/${parts.slice(0, i).join("/")}`);
  }
  for (const folder of [...folders].sort()) FS.mkdir(folder);
  for (const [name, bytes] of Object.entries(files)) FS.writeFile(`/in/${name}`, bytes);
  FS.chdir("/in");
  sevenZip.callMain(["a", "-bd", "-spd", ...switches, "/out.archive", ...Object.keys(files)]);
  return FS.readFile("/out.archive");
}
