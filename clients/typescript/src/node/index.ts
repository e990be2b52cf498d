export { type ScanFolderOptions, type ScannedFile, scanFolder } from "./scan-folder.ts";
