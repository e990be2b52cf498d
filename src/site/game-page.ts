import type { GameRecord, PlatformEntry, ReleaseRecord, RomRecord } from "../catalog/record/game-record.ts";
import { artworkUrl, type ArtworkType } from "../match/artwork.ts";
import { html, type SafeHtml } from "./html.ts";
import { pageLayout, type SiteContext } from "./page-layout.ts";
import { sitePaths } from "./site-paths.ts";

const artworkShown: readonly { readonly type: ArtworkType; readonly label: string }[] = [
  { type: "boxart", label: "Box art" },
  { type: "title", label: "Title screen" },
  { type: "snap", label: "Snapshot" },
];

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

function released(game: GameRecord): string | undefined {
  if (game.releaseYear === undefined) return undefined;
  const month = game.releaseMonth === undefined ? undefined : monthNames[game.releaseMonth - 1];
  return month ? `${month} ${game.releaseYear}` : String(game.releaseYear);
}

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

function releaseBlock(release: ReleaseRecord): SafeHtml {
  const tags: (string | undefined)[] = [
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
${
  release.roms.length === 0
    ? html`<p class="muted">No rom files listed.</p>`
    : html`<ul class="roms" aria-label="Files">${release.roms.map(romBlock)}</ul>`
}
</section>
`;
}

/** schema.org VideoGame for one record. @see https://schema.org/VideoGame */
export function videoGameJsonLd(ctx: SiteContext, game: GameRecord, image: string | undefined): Record<string, unknown> {
  const org = (name: string): Record<string, string> => ({ "@type": "Organization", name });
  const date = datePublished(game);
  return {
    "@context": "https://schema.org",
    "@type": "VideoGame",
    // Relative IRIs: JSON-LD in HTML resolves them against the page's URL, so the page stays base-independent.
    "@id": ctx.pathPrefix + sitePaths.game(game.id),
    url: ctx.pathPrefix + sitePaths.game(game.id),
    name: game.title,
    gamePlatform: game.systemName,
    ...(game.genres && game.genres.length > 0 ? { genre: game.genres } : {}),
    ...(game.publisher ? { publisher: org(game.publisher) } : {}),
    ...(game.developer ? { author: org(game.developer) } : {}),
    ...(date ? { datePublished: date } : {}),
    ...(game.players !== undefined ? { numberOfPlayers: { "@type": "QuantitativeValue", maxValue: game.players } } : {}),
    ...(game.esrbRating ? { contentRating: `ESRB ${game.esrbRating}` } : {}),
    ...(image ? { image } : {}),
    isPartOf: { "@type": "Dataset", name: "ludex catalog", license: game.attribution.licenseUrl },
  };
}

/** The page of one game: `/games/{id}/`. */
export function gamePage(ctx: SiteContext, game: GameRecord, platform: PlatformEntry): string {
  const link = (p: string): string => ctx.pathPrefix + p;
  const first = game.releases[0];
  const art = first
    ? artworkShown.map((a) => ({ ...a, url: artworkUrl(ctx.artworkBaseUrl, platform.libretroName, a.type, first.name) }))
    : [];
  const boxart = art[0]?.url;
  const when = released(game);
  const facts: [string, SafeHtml | string | undefined][] = [
    ["Platform", html`<a href="${link(sitePaths.platform(platform.id))}">${platform.name}</a>`],
    ["Developer", game.developer],
    ["Publisher", game.publisher],
    ["Genres", game.genres?.join(", ")],
    ["Franchise", game.franchise],
    ["Released", when],
    ["Players", game.players === undefined ? undefined : String(game.players)],
    ["ESRB rating", game.esrbRating],
    ["Releases", String(game.releases.length)],
  ];
  const regions = [...new Set(game.releases.flatMap((r) => r.regions))];
  const description = `${game.title} for ${platform.name}${when ? ` (${when})` : ""}${game.developer ? `, by ${game.developer}` : ""}: ${game.releases.length} release${game.releases.length === 1 ? "" : "s"}${regions.length > 0 ? ` (${regions.slice(0, 4).join(", ")})` : ""}, with rom sizes and hashes.`;
  const body = html`<p class="crumbs"><a href="${link(sitePaths.home)}">Home</a> › <a href="${link(sitePaths.platform(platform.id))}">${platform.name}</a></p>
<h1>${game.title}</h1>
<div class="game-top">
<div class="art">${art.map((a) => html`<figure><div class="frame"><img src="${a.url}" alt="${a.label} of ${game.title}" data-missing="No ${a.label.toLowerCase()}" width="320" height="240" loading="lazy" decoding="async" referrerpolicy="no-referrer"></div><figcaption>${a.label}</figcaption></figure>`)}</div>
<dl class="facts">${facts.filter(([, v]) => v !== undefined && v !== "").map(([k, v]) => html`<dt>${k}</dt><dd>${v}</dd>`)}</dl>
</div>
<p>Data: <a href="${link(`/api/v1/games/?id=${game.id}`)}" type="application/json">JSON record</a> (<code>GET /api/v1/games/?id=${game.id}</code>).</p>
<h2>Releases</h2>
${game.releases.map(releaseBlock)}
<p class="muted">From <a href="${game.attribution.url}">${game.attribution.source}</a>, licensed <a href="${game.attribution.licenseUrl}" rel="license">${game.attribution.license}</a>.</p>`;
  return pageLayout(ctx, {
    title: `${game.title} (${platform.name})`,
    description,
    canonicalPath: sitePaths.game(game.id),
    ogType: "video.game",
    image: boxart,
    jsonLd: videoGameJsonLd(ctx, game, boxart),
    copyScript: game.releases.some((r) => r.roms.length > 0),
    body,
  });
}
