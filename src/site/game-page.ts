import { attachedKinds, contentKinds, type ContentKind } from "../catalog/identity/content-kind.ts";
import type { AlternateTitle, GameRecord, PlatformEntry, ReleaseRecord, Review, RomRecord } from "../catalog/record/game-record.ts";
import { pirateOnlyTitles } from "../catalog/record/pirate-titles.ts";
import type { ArtworkType } from "../catalog/artwork/artwork-types.ts";
import { html, type SafeHtml } from "./html.ts";
import { capitalized, collectionName, countOf, inWords, kindLabels } from "./kind-labels.ts";
import { pageLayout, type SiteContext } from "./page-layout.ts";
import { sitePaths } from "./site-paths.ts";

const artworkShown: readonly { readonly type: ArtworkType; readonly label: string }[] = [
  { type: "boxart", label: "Box art" },
  { type: "title", label: "Title screen" },
  { type: "snap", label: "Snapshot" },
];

/**
 * One artwork figure, the same size whatever it holds: the image at its best URL, with the other
 * candidates in `data-fallback` for the artwork script (src/site/artwork-script.ts), or, when
 * the record has no file of that type, the placeholder the script also puts in place of an image
 * whose every URL failed.
 */
function artFigure(game: GameRecord, shown: (typeof artworkShown)[number]): SafeHtml {
  const link = game.artwork?.[shown.type];
  const missing = `No ${shown.label.toLowerCase()}`;
  const fallback = link && link.candidates.length > 0 ? link.candidates.join(" ") : undefined;
  const content = link
    ? html`<img src="${link.url}" alt="${shown.label} of ${game.title}" data-missing="${missing}"${fallback === undefined ? "" : html` data-fallback="${fallback}"`} width="320" height="240" loading="lazy" decoding="async" referrerpolicy="no-referrer">`
    : html`<div class="missing">${missing}</div>`;
  return html`<figure><div class="frame">${content}</div><figcaption>${shown.label}</figcaption></figure>`;
}

const monthNames = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** "May 1993", "1993": a record's or a release's date. */
function released(dated: { readonly releaseYear?: number; readonly releaseMonth?: number }): string | undefined {
  if (dated.releaseYear === undefined) return undefined;
  const month = dated.releaseMonth === undefined ? undefined : monthNames[dated.releaseMonth - 1];
  return month ? `${month} ${dated.releaseYear}` : String(dated.releaseYear);
}

/** "Edge 9/10 (issue 48) · Famitsu 39/40". */
function reviewsText(reviews: readonly Review[] | undefined): string | undefined {
  if (reviews === undefined || reviews.length === 0) return undefined;
  return reviews
    .map((r) => `${reviewSourceNames[r.source] ?? r.source} ${r.score}/${r.scale}${r.issue === undefined ? "" : ` (issue ${r.issue})`}`)
    .join(" · ");
}

const reviewSourceNames: Readonly<Record<string, string>> = { edge: "Edge", famitsu: "Famitsu" };

/** schema.org date: `YYYY` or `YYYY-MM`. */
function datePublished(game: GameRecord): string | undefined {
  if (game.releaseYear === undefined) return undefined;
  return game.releaseMonth === undefined ? String(game.releaseYear) : `${game.releaseYear}-${String(game.releaseMonth).padStart(2, "0")}`;
}

const sizeFormat = new Intl.NumberFormat("en");

function humanSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KiB", "MiB", "GiB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(value >= 100 ? 0 : 1)} ${units[unit] ?? "GiB"}`;
}

/** A hash: selecting it selects all of it, and the copy script adds a Copy button after it (src/site/copy-script.ts). */
function hash(kind: string, value: string): SafeHtml {
  return html`<code data-copy="${kind}">${value}</code>`;
}

/** One rom file: its name, size and hashes (selecting a hash selects all of it, for copying). */
function romBlock(rom: RomRecord): SafeHtml {
  const rows: [string, SafeHtml | undefined][] = [
    [
      "Size",
      rom.size === undefined ? undefined : html`${humanSize(rom.size)} <span class="muted">(${sizeFormat.format(rom.size)} bytes)</span>`,
    ],
    ["CRC32", rom.crc ? hash("CRC32", rom.crc) : undefined],
    ["MD5", rom.md5 ? hash("MD5", rom.md5) : undefined],
    ["SHA-1", rom.sha1 ? hash("SHA-1", rom.sha1) : undefined],
    ["Serial", rom.serial ? html`<code>${rom.serial}</code>` : undefined],
  ];
  return html`<li class="rom"><p class="rom-name">${rom.name ?? "(unnamed file)"}</p><dl class="facts">${rows.filter(([, v]) => v !== undefined).map(([k, v]) => html`<dt>${k}</dt><dd>${v}</dd>`)}</dl></li>`;
}

/** Which emulator collections list an arcade set: "Set sf2, in MAME 2003 and FinalBurn Neo". */
function collectionsLine(release: ReleaseRecord): SafeHtml | undefined {
  const collections = release.collections ?? [];
  if (collections.length === 0) return undefined;
  const names = inWords(collections.map((c) => html`${collectionName(c)}`));
  return html`<p class="collections">${release.setName ? html`Set <code>${release.setName}</code>, in ` : "In "}${names}</p>\n`;
}

/** A hack release's base: "Hack of Super Metroid, release Super Metroid (Japan, USA) (En,Ja)". */
function hackOfLine(ctx: SiteContext, game: GameRecord, release: ReleaseRecord): SafeHtml | undefined {
  const base = release.hackOf;
  if (base === undefined) return undefined;
  const what = base.id === game.id ? html`this game` : html`<a href="${ctx.pathPrefix + sitePaths.game(base.id)}">${base.title}</a>`;
  return html`<p class="hack-of">Hack of ${what}${base.release === undefined ? "" : html`, from the release ${base.release}`}</p>\n`;
}

function releaseBlock(ctx: SiteContext, game: GameRecord, release: ReleaseRecord): SafeHtml {
  const tags: (string | undefined)[] = [
    released(release),
    ...release.regions,
    ...release.languages.map((l) => `lang ${l}`),
    release.status === "release" ? undefined : release.status,
    ...release.flags,
    release.version,
    release.disc === undefined ? undefined : `Disc ${release.disc}`,
    release.serial === undefined ? undefined : `Serial ${release.serial}`,
    release.source,
  ];
  return html`<section class="release">
<h3>${release.name}</h3>
<p class="tags">${tags.filter((t): t is string => t !== undefined && t !== "").map((t) => html`<span class="tag">${t}</span>`)}</p>
${collectionsLine(release)}${hackOfLine(ctx, game, release)}${
  release.roms.length === 0
    ? html`<p class="muted">No rom files listed.</p>`
    : html`<ul class="roms" aria-label="Files">${release.roms.map(romBlock)}</ul>`
}
</section>
`;
}

/** "Rockman X (Japan)": an alternate title with the regions of the releases that carry it. */
/** An alternate title with its regions; a native-script name says its language (`lang`), so that it is read and rendered as such. */
function alternateTitleHtml(alternate: AlternateTitle): SafeHtml {
  const regions = alternate.regions ?? [];
  const suffix = regions.length > 0 ? ` (${regions.join(", ")})` : "";
  return alternate.language
    ? html`<span lang="${alternate.language}">${alternate.title}</span>${suffix}`
    : html`${alternate.title}${suffix}`;
}

/**
 * The schema.org type of a record: games and add-ons are video games, updates, themes, programs
 * and firmware software, films and soundtracks creative works (their own types would ask for
 * media files the catalog does not have).
 */
function schemaType(kind: ContentKind): "VideoGame" | "SoftwareApplication" | "CreativeWork" {
  if (kind === "game" || kind === "addon") return "VideoGame";
  if (kind === "video" || kind === "music") return "CreativeWork";
  return "SoftwareApplication";
}

/**
 * schema.org data for one record: a VideoGame for a game or an add-on (an add-on `isPartOf` its
 * base game, whose page lists it as `hasPart`), the nearest type for the other kinds.
 * @see https://schema.org/VideoGame
 */
export function videoGameJsonLd(ctx: SiteContext, game: GameRecord, image: string | undefined): Record<string, unknown> {
  const org = (name: string): Record<string, string> => ({ "@type": "Organization", name });
  const date = datePublished(game);
  const type = schemaType(game.kind);
  const pirate = pirateOnlyTitles(game);
  const alternateNames = [...new Set((game.alternateTitles ?? []).map((a) => a.title))].filter((t) => t !== game.title && !pirate.has(t));
  const catalog = { "@type": "Dataset", name: "ludex catalog", license: game.attribution.licenseUrl };
  const base =
    game.baseGameId === undefined ? undefined : { "@type": "VideoGame", "@id": ctx.pathPrefix + sitePaths.game(game.baseGameId) };
  const parts = (game.addons?.items ?? []).map((item) => ({
    "@type": schemaType(item.kind),
    "@id": ctx.pathPrefix + sitePaths.game(item.id),
    name: item.title,
  }));
  return {
    "@context": "https://schema.org",
    "@type": type,
    // Relative IRIs: JSON-LD in HTML resolves them against the page's URL, so the page stays base-independent.
    "@id": ctx.pathPrefix + sitePaths.game(game.id),
    url: ctx.pathPrefix + sitePaths.game(game.id),
    name: game.title,
    ...(alternateNames.length > 0 ? { alternateName: alternateNames } : {}),
    ...(type === "VideoGame"
      ? { gamePlatform: game.systemName }
      : type === "SoftwareApplication"
        ? { availableOnDevice: game.systemName }
        : {}),
    ...(game.genres && game.genres.length > 0 ? { genre: game.genres } : {}),
    ...(game.publisher ? { publisher: org(game.publisher) } : {}),
    ...(game.developer ? { author: org(game.developer) } : {}),
    ...(date ? { datePublished: date } : {}),
    ...(type === "VideoGame" && game.players !== undefined
      ? { numberOfPlayers: { "@type": "QuantitativeValue", maxValue: game.players } }
      : {}),
    ...(game.esrbRating ? { contentRating: `ESRB ${game.esrbRating}` } : {}),
    ...(image ? { image } : {}),
    ...(parts.length > 0 ? { hasPart: parts } : {}),
    ...(game.hackOf
      ? { isBasedOn: { "@type": "VideoGame", "@id": ctx.pathPrefix + sitePaths.game(game.hackOf.id), name: game.hackOf.title } }
      : {}),
    isPartOf: base ? [base, catalog] : catalog,
  };
}

/** What a record is, when it is not a game: "Add-on for <base game>", "BIOS, not a game". */
function kindLine(ctx: SiteContext, game: GameRecord, baseTitle: string | undefined): SafeHtml | undefined {
  if (game.kind === "game") return undefined;
  const what = capitalized(kindLabels[game.kind].one);
  if (!attachedKinds.has(game.kind)) return html`<p class="kind">${what}, not a game.</p>\n`;
  if (game.baseGameId === undefined) return html`<p class="kind">${what}; the catalog does not name the game it belongs to.</p>\n`;
  return html`<p class="kind">${what} for <a href="${ctx.pathPrefix + sitePaths.game(game.baseGameId)}">${baseTitle ?? `game ${game.baseGameId}`}</a></p>\n`;
}

/** A base game's add-ons, updates and cosmetic items: the first few by title, the rest counted by kind. */
/** What each link to a related record says, from this record's side. */
const relationLabels: Readonly<Record<NonNullable<GameRecord["related"]>[number]["relation"], string>> = {
  "in-compilation": "in the compilation",
  "compilation-of": "holds",
  superset: "a larger edition:",
  "superset-of": "a larger edition of",
  "bonus-disc": "a bonus disc:",
  "bonus-disc-of": "a bonus disc of",
};

/** The compilations and larger editions holding this game, or the games this one holds (Retool's clone lists): links, never merges. */
function relatedSection(ctx: SiteContext, game: GameRecord): SafeHtml | string {
  const related = game.related ?? [];
  if (related.length === 0) return "";
  return html`<h2 id="related">Compilations and editions</h2>
<ul class="addons">${related.map((r) => html`<li>${relationLabels[r.relation]} <a href="${ctx.pathPrefix + sitePaths.game(r.id)}">${r.title}</a></li>`)}</ul>
`;
}

function addonsSection(ctx: SiteContext, game: GameRecord, platform: PlatformEntry): SafeHtml | undefined {
  const addons = game.addons;
  if (addons === undefined || addons.total === 0) return undefined;
  const kinds = contentKinds.filter((k) => (addons.byKind[k] ?? 0) > 0);
  const first = kinds[0] ?? "addon";
  const heading = `${capitalized(kindLabels[first].many)}${kinds.length > 1 ? " and other content" : ""}`;
  const byKind = inWords(kinds.map((k) => html`${countOf(k, addons.byKind[k] ?? 0)}`));
  const lists = inWords(kinds.map((k) => html`<a href="${ctx.pathPrefix + sitePaths.listing(platform.id, k)}">${kindLabels[k].many}</a>`));
  const shown = addons.items.length;
  const summary =
    shown < addons.total
      ? kinds.length > 1
        ? html`${shown} of ${addons.total} shown (${byKind}); all are in this platform's lists of ${lists}.`
        : html`${shown} of ${countOf(first, addons.total)} shown; all are in this platform's list of ${lists}.`
      : kinds.length > 1
        ? html`${byKind}.`
        : undefined;
  return html`<h2 id="addons">${heading}</h2>
${summary ? html`<p>${summary}</p>\n` : ""}<ul class="addons">${addons.items.map((item) => html`<li><a href="${ctx.pathPrefix + sitePaths.game(item.id)}">${item.title}</a>${kinds.length > 1 ? html`<span class="tag">${kindLabels[item.kind].one}</span>` : ""}</li>`)}</ul>
`;
}

/** A base game's hacks: the first ones by title, and how many there are. */
function hacksSection(ctx: SiteContext, game: GameRecord): SafeHtml | undefined {
  const hacks = game.hacks;
  if (hacks === undefined || hacks.total === 0) return undefined;
  const shown = hacks.items.length;
  return html`<h2 id="hacks">Hacks</h2>
<p>${shown < hacks.total ? `${shown} of ${hacks.total} hacks shown.` : `${hacks.total} hack${hacks.total === 1 ? "" : "s"} from the hacks DAT.`}</p>
<ul class="hacks">${hacks.items.map((item) => html`<li>${item.id === game.id ? item.release : html`<a href="${ctx.pathPrefix + sitePaths.game(item.id)}">${item.release}</a>`}</li>`)}</ul>
`;
}

/**
 * The page of one record: `/games/{id}/`. `baseTitle` is the title of the record's base game
 * (an add-on's), which the record names by id only.
 */
export function gamePage(ctx: SiteContext, game: GameRecord, platform: PlatformEntry, baseTitle?: string): string {
  const link = (p: string): string => ctx.pathPrefix + p;
  const boxart = game.artwork?.boxart?.url;
  const when = released(game);
  const pirate = pirateOnlyTitles(game);
  const alternates = (game.alternateTitles ?? []).filter((a) => !pirate.has(a.title));
  const pirateTitles = (game.alternateTitles ?? []).filter((a) => pirate.has(a.title));
  const titleList = (list: readonly AlternateTitle[]): SafeHtml | undefined =>
    list.length > 0 ? html`${list.map((a, i) => html`${i > 0 ? " · " : ""}${alternateTitleHtml(a)}`)}` : undefined;
  const facts: [string, SafeHtml | string | undefined][] = [
    ["Platform", html`<a href="${link(sitePaths.platform(platform.id))}">${platform.name}</a>`],
    ["Also known as", titleList(alternates)],
    ["Pirate retitles", titleList(pirateTitles)],
    ["Developer", game.developer],
    ["Publisher", game.publisher],
    ["Genres", game.genres?.join(", ")],
    ["Franchise", game.franchise],
    ["Released", when],
    ["Players", game.players === undefined ? undefined : String(game.players)],
    ["Hack of", game.hackOf ? html`<a href="${link(sitePaths.game(game.hackOf.id))}">${game.hackOf.title}</a>` : undefined],
    ["Reviews", reviewsText(game.reviews)],
    ["ESRB rating", game.esrbRating],
    ["BBFC rating", game.bbfcRating],
    ["ELSPA rating", game.elspaRating === undefined || game.elspaRating.endsWith("+") ? game.elspaRating : `${game.elspaRating}+`],
    ["Releases", String(game.releases.length)],
  ];
  const regions = [...new Set(game.releases.flatMap((r) => r.regions))];
  const label = kindLabels[game.kind].one;
  const what =
    game.kind === "game"
      ? ""
      : attachedKinds.has(game.kind) && baseTitle !== undefined
        ? `, ${/^[aeiou]/i.test(label) ? "an" : "a"} ${label} for ${baseTitle},`
        : ` (${label})`;
  const description = `${game.title}${what} for ${platform.name}${when ? ` (${when})` : ""}${game.developer ? `, by ${game.developer}` : ""}: ${game.releases.length} release${game.releases.length === 1 ? "" : "s"}${regions.length > 0 ? ` (${regions.slice(0, 4).join(", ")})` : ""}, with rom sizes and hashes.`;
  const body = html`<p class="crumbs"><a href="${link(sitePaths.home)}">Home</a> &rsaquo; <a href="${link(sitePaths.platform(platform.id))}">${platform.name}</a>${game.kind === "game" ? "" : html` &rsaquo; <a href="${link(sitePaths.listing(platform.id, game.kind))}">${capitalized(kindLabels[game.kind].many)}</a>`}</p>
<h1>${game.title}</h1>
${kindLine(ctx, game, baseTitle)}<div class="game-top">
<div class="art">${artworkShown.map((a) => artFigure(game, a))}</div>
<dl class="facts">${facts.filter(([, v]) => v !== undefined && v !== "").map(([k, v]) => html`<dt>${k}</dt><dd>${v}</dd>`)}</dl>
</div>
<p>Data: <a href="${link(`/api/v1/games/?id=${game.id}`)}" type="application/json">JSON record</a> (<code>GET /api/v1/games/?id=${game.id}</code>).</p>
${addonsSection(ctx, game, platform)}${hacksSection(ctx, game)}${relatedSection(ctx, game)}<h2>Releases</h2>
${game.releases.map((release) => releaseBlock(ctx, game, release))}
<p class="muted">From <a href="${game.attribution.url}">${game.attribution.source}</a>, licensed <a href="${game.attribution.licenseUrl}" rel="license">${game.attribution.license}</a>${(game.attribution.also ?? []).map((a) => html`; <a href="${a.url}">${a.source}</a>, <a href="${a.licenseUrl}" rel="license">${a.license}</a>`)}.</p>`;
  const isGame = schemaType(game.kind) === "VideoGame";
  return pageLayout(ctx, {
    title: game.kind === "game" ? `${game.title} (${platform.name})` : `${game.title} (${platform.name} ${label})`,
    description,
    ogType: isGame ? "video.game" : "website",
    image: boxart,
    jsonLd: videoGameJsonLd(ctx, game, boxart),
    copyScript: game.releases.some((r) => r.roms.length > 0),
    artworkScript: artworkShown.some((a) => (game.artwork?.[a.type]?.candidates.length ?? 0) > 0),
    body,
  });
}
