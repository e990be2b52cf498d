import { contentKinds, type ContentKind } from "../catalog/identity/content-kind.ts";
import { html, type SafeHtml } from "./html.ts";

/** How the website names a record's kind: one item of it, and several. */
export interface KindLabel {
  readonly one: string;
  readonly many: string;
}

export const kindLabels: Readonly<Record<ContentKind, KindLabel>> = {
  game: { one: "game", many: "games" },
  addon: { one: "add-on", many: "add-ons" },
  update: { one: "update", many: "updates" },
  cosmetic: { one: "theme or avatar", many: "themes and avatars" },
  application: { one: "application", many: "applications" },
  video: { one: "video", many: "videos" },
  music: { one: "music release", many: "music releases" },
  bios: { one: "BIOS", many: "BIOS files" },
};

/** Records of each kind on one platform; kinds without records are absent. */
export type KindCounts = Readonly<Partial<Record<ContentKind, number>>>;

const countFormat = new Intl.NumberFormat("en");

/** "1 add-on", "1,234 add-ons". */
export function countOf(kind: ContentKind, n: number): string {
  return `${countFormat.format(n)} ${n === 1 ? kindLabels[kind].one : kindLabels[kind].many}`;
}

/** Text with its first letter upper case: "Add-ons", "BIOS files". */
export function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The kinds other than `game` that have records, in {@link contentKinds} order. */
export function otherKinds(counts: KindCounts): Exclude<ContentKind, "game">[] {
  return contentKinds.filter((k): k is Exclude<ContentKind, "game"> => k !== "game" && (counts[k] ?? 0) > 0);
}

/** Parts joined as English does: "a", "a and b", "a, b and c". */
export function inWords(parts: readonly SafeHtml[]): SafeHtml {
  if (parts.length <= 1) return html`${parts}`;
  return html`${parts.slice(0, -1).map((p, i) => (i === 0 ? p : html`, ${p}`))} and ${parts[parts.length - 1]}`;
}

/**
 * Display names of the arcade emulator collections a release can list (`collections`): the
 * names data/platforms.json gives them, kept here because a page build gets no platform table.
 */
const collectionNames: Readonly<Record<string, string>> = {
  "mame-2003": "MAME 2003",
  "mame-2010": "MAME 2010",
  fbneo: "FinalBurn Neo",
  hbmame: "HBMAME",
};

/** The display name of an arcade collection, or its slug when it is not one of the known four. */
export function collectionName(slug: string): string {
  return collectionNames[slug] ?? slug;
}
