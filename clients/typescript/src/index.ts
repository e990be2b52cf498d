export type { components, operations, paths } from "./generated/openapi.ts";
export {
  type ChangesPage,
  createLudexClient,
  type DumpListing,
  type GameChange,
  type GameRecord,
  type Health,
  LudexApiError,
  LudexClient,
  type LudexClientOptions,
  type MatchAnswer,
  type MatchGroup,
  type MatchRequest,
  type MatchResult,
  type PlatformEntry,
  type PlatformList,
  type Problem,
  type RecordAnswer,
  type ReleaseFeed,
  type SearchQuery,
  type SearchResponse,
} from "./ludex-client.ts";
export { MAX_BATCH_ITEMS, planBatches, remapBatch } from "./match-batches.ts";
export { type RetryOptions, retryAfterMs } from "./retry-after.ts";
export type { ByteSource } from "./fingerprint/byte-source.ts";
export { cueFiles, gdiFiles, m3uFiles, type SheetKind, sheetKindOf } from "./fingerprint/disc-sheets.ts";
export { fingerprintSet, type OpenFile, type SetItem } from "./fingerprint/disc-set.ts";
export type { Fingerprint } from "./fingerprint/file-hasher.ts";
export { fingerprint, type FingerprintOptions } from "./fingerprint/fingerprint.ts";
export { detectHeader, type HeaderKind, type HeaderRule, headerRules } from "./fingerprint/header-rules.ts";
export { type MatchItem, matchItemOf, nameItem } from "./fingerprint/match-item.ts";
export { fingerprint7z } from "./fingerprint/seven-zip.ts";
export { fingerprintZip, type ZipMemberFingerprint } from "./fingerprint/zip-members.ts";
export { PlatformGuesser, type PlatformNames, platformKey } from "./platform-guess.ts";
