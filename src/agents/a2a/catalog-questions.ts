import type { AgentSearchBody } from "../../catalog/routes/search-response.ts";
import type { ReleaseFeedSource } from "../../releases/release-feed-schema.ts";
import type { CatalogQueries, PlatformListBody } from "../common/catalog-queries.ts";
import { skillIds } from "./agent-card.ts";
import type { ChangesPage } from "../../catalog/changes/changes-feed.ts";
import type { ChangesIndexBody } from "../../catalog/routes/changes-schemas.ts";
import { isProblem } from "../../core/problem.ts";

/** What a free-text request asks for. */
export type CatalogQuestion =
  | { readonly kind: "search"; readonly query: string; readonly system?: string }
  | { readonly kind: "platforms" }
  | { readonly kind: "releases"; readonly platform?: string }
  | { readonly kind: "changes"; readonly since?: string }
  /** A question none of the skills answers (see {@link OTHER_QUESTION}). */
  | { readonly kind: "outside" }
  | { readonly kind: "unclear" };

/** An answer: a sentence or list for people, and the HTTP API's own body for programs. */
export interface CatalogAnswer {
  readonly skill: string | undefined;
  readonly text: string;
  /** Exactly what the matching HTTP API call returns; absent when the request was not understood. */
  readonly data?: AgentSearchBody | PlatformListBody | ReleaseFeedSource | ChangesPage | ChangesIndexBody;
}

type FeedPlatform = ReleaseFeedSource["platforms"][number];

const RELEASE_WORDS =
  /\b(releases?|released|versions?|latest|newest|updates?|download|install|beta|stable|available|availability|app|changelog)\b/;
const CHANGE_WORDS = /\b(changes|changed|catalog version|what'?s new in the catalog)\b/;
/**
 * A catalogVersion (16 characters of base64url with at least one digit, dash or capital) or a date,
 * after "since". It ends where base64url does: a version may end in "-", after which `\b` finds no
 * boundary before a "?".
 */
const SINCE =
  /\bsince\s+([A-Za-z0-9_-]{16}|\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})?)?)(?![A-Za-z0-9_-])/;
const CLIENT_WORDS = /\b(ludex|player|client)\b/;
const SEARCH_WORDS = /\b(find|search|look|lookup|games?|titles?|roms?)\b/;
const PLATFORM_LIST = /\b(which|what|list|all|supported|have)\b.*\b(platforms|systems|consoles)\b|^\s*(platforms|systems|consoles)\s*$/;
const LEADING_FILLER =
  /^(please\s+|can you\s+|could you\s+|would you\s+|i'?m looking for\s+|i am looking for\s+|find( me)?\s+|search( for)?\s+|look( for| up)?\s+|lookup\s+|show( me)?\s+|get( me)?\s+|do you have\s+|is there\s+|the game\s+|a game\s+|games? called\s+|games? named\s+)+/i;

/**
 * A general question: one that starts with a question word once the polite and search lead-ins
 * ("can you", "do you have", "is there", "find") are gone. Without a search word or a platform,
 * such a text is outside the skills rather than a title, at the cost of titles phrased as
 * questions ("Where in the World Is Carmen Sandiego?"), which "find …" still reaches.
 */
const OTHER_QUESTION =
  /^(what|what's|whats|how|who|who's|whom|whose|where|where's|when|why|is|are|am|was|were|will|would|should|shall|could|can|may|might|do|does|did|tell me|explain|define)\s/i;

/** Lower case, punctuation to spaces, single spaces: for keyword and name matching. */
function normalize(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}+&']+/gu, " ")
    .trim();
}

/** Names a release-feed platform may be called by: id, name, and the parts of "A (B)" and "A and B" names. */
function feedPlatformNames(platform: FeedPlatform): string[] {
  const names = new Set([normalize(platform.id), normalize(platform.name)]);
  const paren = /^(.*)\((.*)\)\s*$/.exec(platform.name);
  if (paren) for (const part of paren.slice(1)) names.add(normalize(part ?? ""));
  for (const part of platform.name.split(/\s+and\s+/i)) names.add(normalize(part));
  names.delete("");
  return [...names];
}

/** The release-feed platform the text names (the longest name found wins: "android tv" over "android"). */
export function feedPlatformIn(text: string, feed: ReleaseFeedSource): FeedPlatform | undefined {
  const haystack = ` ${normalize(text)} `;
  let best: { platform: FeedPlatform; length: number } | undefined;
  for (const platform of feed.platforms) {
    for (const name of feedPlatformNames(platform)) {
      if (haystack.includes(` ${name} `) && name.length > (best?.length ?? 0)) best = { platform, length: name.length };
    }
  }
  return best?.platform;
}

/**
 * Reads a free-text request: a Ludex Player release question, a platform-list question, or a
 * title search with an optional platform ("find X on snes", "X for Game Boy Advance", "X snes").
 */
export function understand(text: string, queries: Pick<CatalogQueries, "platform" | "releaseFeed">): CatalogQuestion {
  const plain = normalize(text);
  if (plain === "") return { kind: "unclear" };
  if (CHANGE_WORDS.test(text.toLowerCase()) && !CLIENT_WORDS.test(plain)) {
    const since = SINCE.exec(text)?.[1];
    if (since === undefined) return { kind: "changes" };
    // A bare date or a date-time without a zone means UTC; anything else (a catalog version, which
    // may well end in "T9") is passed on as it is.
    const full = /^\d{4}-\d{2}-\d{2}$/.test(since)
      ? `${since}T00:00:00Z`
      : /^\d{4}-\d{2}-\d{2}T[\d:.]+$/.test(since)
        ? `${since}${since.length === 16 ? ":00" : ""}Z`
        : since;
    return { kind: "changes", since: full };
  }
  const searchy = SEARCH_WORDS.test(plain);
  const feedPlatform = feedPlatformIn(text, queries.releaseFeed());
  if (CLIENT_WORDS.test(plain) || (RELEASE_WORDS.test(plain) && !searchy))
    return { kind: "releases", ...(feedPlatform ? { platform: feedPlatform.id } : {}) };
  if (PLATFORM_LIST.test(plain) && !/\b(find|search)\b/.test(plain)) return { kind: "platforms" };

  let rest = text
    .trim()
    .replace(/[?.!]+$/, "")
    .replace(LEADING_FILLER, "")
    .trim();
  let system: string | undefined;
  // The last "on/for/in": titles may hold one too ("Murder on the Orient Express on snes").
  const explicit = /^(.+)\s+(?:on|for|in)\s+(?:the\s+)?(.+)$/i.exec(rest);
  if (explicit?.[1] && explicit[2] && queries.platform(explicit[2])) {
    system = explicit[2];
    rest = explicit[1];
  } else {
    // A trailing platform name without a preposition: "chrono trigger snes", "zelda game boy".
    const words = rest.split(/\s+/);
    for (let n = Math.min(5, words.length - 1); n >= 1; n--) {
      const tail = words.slice(-n).join(" ");
      if (queries.platform(tail)) {
        system = tail;
        rest = words
          .slice(0, -n)
          .join(" ")
          .replace(/\s+(?:on|for|in)$/i, "");
        break;
      }
    }
  }
  if (!searchy && system === undefined && OTHER_QUESTION.test(rest.replace(/\u2019/g, "'"))) return { kind: "outside" };
  const query = rest.replace(/\b(games?|roms?)\s*$/i, "").trim();
  if (query === "") return feedPlatform ? { kind: "releases", platform: feedPlatform.id } : { kind: "unclear" };
  return { kind: "search", query, ...(system ? { system } : {}) };
}

function searchText(body: AgentSearchBody, queries: Pick<CatalogQueries, "platform">): string {
  const on = body.system ? ` on ${queries.platform(body.system)?.name ?? body.system}` : "";
  if (body.total === 0) return `No games found for "${body.query}"${on}.`;
  const lines = body.results.map((hit, i) => {
    const system = queries.platform(hit.system)?.name ?? hit.system;
    const year = hit.releaseYear !== undefined ? `, ${hit.releaseYear}` : "";
    return `${i + 1}. ${hit.title} (${system}${year}) — id ${hit.id}, ${hit.url}`;
  });
  const shown = body.total > body.results.length ? `; the best ${body.results.length}` : "";
  return `Found ${body.total} game${body.total === 1 ? "" : "s"} for "${body.query}"${on}${shown}:\n${lines.join("\n")}`;
}

function platformLine(feed: ReleaseFeedSource, platform: FeedPlatform): string {
  const app = feed.application.name;
  const channel = feed.channels.find((c) => c.id === platform.channel);
  const requires = platform.minimumOs ? `; requires ${platform.minimumOs}` : "";
  const stores =
    platform.storeLinks.length > 0 ? ` Get it from ${platform.storeLinks.map((l) => `${l.store} (${l.url})`).join(", ")}.` : "";
  if (platform.status === "planned") return `${app} for ${platform.name} is planned and not released yet${requires}.`;
  const released = channel ? `, released ${channel.releasedAt}` : "";
  const state = platform.status === "beta" ? "in beta" : "available";
  return `${app} ${platform.version ?? channel?.version ?? ""} is ${state} for ${platform.name} (${platform.channel ?? "stable"} channel${released}${requires}).${stores}`.replace(
    /\s+/g,
    " ",
  );
}

function releasesText(feed: ReleaseFeedSource, platformId: string | undefined): string {
  const platform = platformId === undefined ? undefined : feed.platforms.find((p) => p.id === platformId);
  if (platform) return platformLine(feed, platform);
  const channels = feed.channels.map((c) => `${c.id} ${c.version} (${c.releasedAt})`).join(", ");
  const by = (status: FeedPlatform["status"]): string =>
    feed.platforms
      .filter((p) => p.status === status)
      .map((p) => p.name)
      .join(", ") || "none";
  return `Latest ${feed.application.name} releases: ${channels}. Available on ${by("available")}. In beta on ${by("beta")}. Planned: ${by("planned")}.`;
}

function changesText(body: ChangesPage | ChangesIndexBody): string {
  if (!("sinceVersion" in body)) {
    const last = body.history[0];
    return `The catalog is at version ${body.catalogVersion} (built ${body.builtAt}). History is kept from ${body.oldestVersion}; ${body.history.length} build${body.history.length === 1 ? "" : "s"} listed${last ? `, the latest with ${last.added} added, ${last.removed} removed, ${last.changed} changed and ${last.merged} merged games` : ""}. Ask "what changed since <version>".`;
  }
  const { added, removed, changed, merged } = body.counts;
  const head = `Since ${body.since} (version ${body.sinceVersion}), now at ${body.catalogVersion}: ${added} added, ${removed} removed, ${changed} changed, ${merged} merged game${body.total === 1 ? "" : "s"}.`;
  const lines = body.changes
    .slice(0, 20)
    .map(
      (c) =>
        `- ${c.title} (${c.system}, id ${c.id}): ${c.change}${c.kinds ? ` (${c.kinds.join(", ")})` : ""}${c.into === undefined ? "" : ` into id ${c.into}`}`,
    );
  const more =
    body.total > lines.length
      ? `\n…and ${body.total - lines.length} more; the data part has the first ${body.changes.length}, GET ${body.next ?? "/api/v1/changes/"} continues.`
      : "";
  return lines.length > 0 ? `${head}\n${lines.join("\n")}${more}` : head;
}

const HELP =
  'Ask me to find a game, e.g. "find the legend of starfall on snes", to list the platforms ("which platforms do you have?"), what changed in the catalog ("what changed since 2026-01-31?"), or about Ludex Player releases, e.g. "latest release for Android TV".';

/** Answers a free-text request from the catalog, with the HTTP API's catalog queries (shared/catalog-queries.ts). */
export function answerQuestion(text: string, queries: CatalogQueries): CatalogAnswer {
  const question = understand(text, queries);
  switch (question.kind) {
    case "search": {
      const body = queries.searchGames({ query: question.query, system: question.system, limit: 10 });
      return { skill: skillIds.gameSearch, text: searchText(body, queries), data: body };
    }
    case "platforms": {
      const body = queries.platformList();
      const list = body.platforms.map((p) => `${p.name} (${p.id}, ${p.gameCount} games)`).join("; ");
      return { skill: skillIds.gameSearch, text: `The catalog covers ${body.platforms.length} platforms: ${list}.`, data: body };
    }
    case "releases": {
      const feed = queries.releaseFeed();
      return { skill: skillIds.releases, text: releasesText(feed, question.platform), data: feed };
    }
    case "changes": {
      try {
        const body = queries.changes({ since: question.since, limit: 100, offset: 0 });
        return { skill: skillIds.changes, text: changesText(body), data: body };
      } catch (error) {
        // Unknown, expired or future `since`: the reason is the answer (resync from the dumps, or fix the date).
        if (isProblem(error) && (error.status === 410 || error.status === 422))
          return { skill: skillIds.changes, text: error.detail ?? error.title };
        throw error;
      }
    }
    case "outside":
      return { skill: undefined, text: `That is outside what I can do: I answer from the ludex game catalog only. ${HELP}` };
    case "unclear":
      return { skill: undefined, text: HELP };
  }
}
