import {
  type GameRecord,
  LudexClient,
  type MatchGroup,
  type MatchItem,
  type MatchResult,
  planBatches,
  type PlatformNames,
  remapBatch,
} from "@ludex/client";
import { loadCatalogSnapshot, recordJson } from "../catalog/store/catalog-snapshot.ts";
import { problems } from "../core/problem.ts";
import { Matcher } from "../match/engine/matcher.ts";

/** Where `ludex scan` matches: the local build (offline) or a ludex server. */
export interface ScanTarget {
  /** How it is shown: the build folder or the server's URL. */
  readonly label: string;
  platforms(): Promise<readonly PlatformNames[]>;
  /** One result per item in order, and the groups, for items of one platform. */
  match(systemId: string, items: readonly MatchItem[]): Promise<{ results: MatchResult[]; groups: MatchGroup[]; requests: number }>;
  /** A game record by id (a merged id gives the record it joined); undefined when there is none. */
  record(id: number): Promise<GameRecord | undefined>;
  close(): void;
}

/**
 * The build folder as a target: the server's own matcher on a snapshot of it, with the same
 * batches of at most 100 items (a group kept in one) a server is sent, so both give the same answers.
 */
export function offlineTarget(buildDir: string, artworkBaseUrl: string): ScanTarget {
  const snapshot = loadCatalogSnapshot(buildDir);
  const matcher = new Matcher(snapshot, artworkBaseUrl);
  return {
    label: buildDir,
    async platforms() {
      return snapshot.platforms;
    },
    async match(systemId, items) {
      const results: MatchResult[] = new Array(items.length);
      const groups: MatchGroup[] = [];
      const batches = planBatches(items);
      for (const indexes of batches) {
        const job = matcher.prepare({ systemId, items: indexes.map((i) => items[i] as MatchItem) });
        if (!job) throw problems.unknownSystem(`no platform named "${systemId}"`);
        const answer = job.answer();
        // Results and groups name a batch's items by position: back to the caller's order, as the client does.
        const mapped = remapBatch(indexes, answer.results as MatchResult[], answer.groups as MatchGroup[] | undefined);
        for (const result of mapped.results) results[result.index] = result;
        groups.push(...mapped.groups);
      }
      return { results, groups, requests: batches.length };
    },
    async record(id) {
      const stored = snapshot.record(snapshot.record(id) ? id : (snapshot.mergedInto(id) ?? id));
      return stored && (JSON.parse(recordJson(stored)) as GameRecord);
    },
    close() {
      snapshot.close();
    },
  };
}

/** Runs a call to the server, turning a failure (no connection, an error answer) into the CLI's problem. */
async function fromServer<T>(baseUrl: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause?.message;
    throw problems.scanServerFailed(`${baseUrl}: ${(error as Error).message}${cause ? ` (${cause})` : ""}`, { cause: error });
  }
}

/** A ludex server as a target, through the TypeScript client (batches, Retry-After, redirects). */
export function serverTarget(baseUrl: string, onRetry?: (waitMs: number) => void): ScanTarget {
  const client = new LudexClient({ baseUrl, ...(onRetry ? { onRetry: (info) => onRetry(info.waitMs) } : {}) });
  return {
    label: baseUrl,
    async platforms() {
      return (await fromServer(baseUrl, () => client.platforms())).platforms;
    },
    async match(systemId, items) {
      const answer = await fromServer(baseUrl, () => client.matchRomFiles({ systemId, items: [...items] }));
      return { results: answer.results, groups: answer.groups, requests: answer.requests };
    },
    async record(id) {
      return (await fromServer(baseUrl, () => client.game(id)))?.record;
    },
    close() {},
  };
}
