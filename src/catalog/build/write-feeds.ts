import type { GameChange } from "../changes/change-types.ts";
import type { ChangeHistoryEntry } from "../changes/change-types.ts";
import { recordChangeLog } from "../changes/write-change-log.ts";
import { dumpListing } from "../dumps/write-dump.ts";
import type { BuildManifest, BuiltDocument, BuiltPlatform } from "./manifest.ts";
import type { StaticDocumentInput } from "./write-static-document.ts";
import { type FeedTimings, timed } from "./feed-timings.ts";

export interface FeedsInput {
  readonly buildDir: string;
  readonly previous: BuildManifest | undefined;
  readonly catalogVersion: string;
  readonly builtAt: string;
  readonly changes: readonly GameChange[];
  readonly publicBaseUrl: string;
  /** See {@link recordChangeLog}'s `review`. */
  readonly review?: string | undefined;
  readonly platforms: Readonly<Record<string, BuiltPlatform>>;
  readonly platformNames: ReadonlyMap<string, string>;
  /** Writes a prebuilt document (the build's own writer, so ETags follow the same rule). */
  readonly document: (key: string, input: StaticDocumentInput) => BuiltDocument;
  /** Where the time spent goes. */
  readonly timings: FeedTimings;
}

/**
 * What a build adds for ROM managers once its version is known: the change log against the
 * previous build with the feed's index document (`GET /api/v1/changes/`), and the dump listing
 * (`GET /api/v1/dumps/`). The dumps themselves are written per platform with its shard.
 */
export function writeFeeds(input: FeedsInput): { documents: Record<string, BuiltDocument>; changeHistory: ChangeHistoryEntry[] } {
  const changes = timed(input.timings, "changesMs", () => recordChangeLog(input));
  return {
    documents: {
      changes: timed(input.timings, "changesMs", () => input.document("changes", changes.document)),
      dumps: timed(input.timings, "dumpsMs", () =>
        input.document(
          "dumps",
          dumpListing(input.buildDir, input.platforms, input.platformNames, input.catalogVersion, input.publicBaseUrl),
        ),
      ),
    },
    changeHistory: changes.history,
  };
}
