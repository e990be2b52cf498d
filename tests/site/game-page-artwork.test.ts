import { HtmlValidate } from "html-validate";
import { describe, expect, it } from "vitest";
import type { GameArtwork } from "../../src/catalog/record/game-record.ts";
import { gamePage } from "../../src/site/game-page.ts";
import { siteAssets } from "../../src/site/site-assets.ts";
import { artworkGame, artworkPlatform, artworkSiteContext, thumbnailUrl, unverifiedArtwork } from "../helpers/artwork-game.ts";

/**
 * The game page's artwork figures, rendered from made-up records: Box art, Title screen and
 * Snapshot always have a figure of the same markup size, an image at the best URL with the other
 * candidates in `data-fallback` (and the artwork script on the page), or the "No …" placeholder
 * when the record has no file of that type; og:image and the JSON-LD image are the box art's best
 * URL; catalog text and URLs are escaped.
 */

const validator = new HtmlValidate({ extends: ["html-validate:standard", "html-validate:document"] });

async function render(artwork: GameArtwork | undefined, title?: string): Promise<string> {
  const page = gamePage(artworkSiteContext, artworkGame(artwork, title), artworkPlatform);
  const report = await validator.validateString(page);
  expect(report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId}: ${m.message} (line ${m.line})`))).toEqual([]);
  return page;
}

/** The inside of each artwork figure's frame, in page order. */
function frames(page: string): string[] {
  const art = /<div class="art">([\s\S]*?)<\/div>\n/.exec(page)?.[1] ?? "";
  return [...art.matchAll(/<figure><div class="frame">([\s\S]*?)<\/div><figcaption>([^<]*)<\/figcaption><\/figure>/g)].map(
    (m) => `${m[2]}: ${m[1]}`,
  );
}

const artworkScriptTag = `<script src="/site/${siteAssets.artworkScript.file}" integrity="${siteAssets.artworkScript.integrity}" defer></script>`;

function jsonLdImage(page: string): unknown {
  const raw = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(page)?.[1] ?? "null";
  return (JSON.parse(raw) as { image?: unknown }).image;
}

describe("game page artwork", () => {
  it("an unverified record: one image per type at its best URL, the other candidates in data-fallback, and the artwork script", async () => {
    const artwork = unverifiedArtwork();
    const page = await render(artwork);
    const img = (folder: string, alt: string, missing: string): string =>
      `<img src="${thumbnailUrl(folder, "Doom (Japan, USA) (En)")}" alt="${alt} of Doom" data-missing="${missing}" data-fallback="${thumbnailUrl(folder, "Doom (Europe)")} ${thumbnailUrl(folder, "Doom")}" width="320" height="240" loading="lazy" decoding="async" referrerpolicy="no-referrer">`;
    expect(frames(page)).toEqual([
      `Box art: ${img("Named_Boxarts", "Box art", "No box art")}`,
      `Title screen: ${img("Named_Titles", "Title screen", "No title screen")}`,
      `Snapshot: ${img("Named_Snaps", "Snapshot", "No snapshot")}`,
    ]);
    expect(page).toContain(artworkScriptTag);
    expect(page).toContain(`<meta property="og:image" content="${artwork.boxart?.url}">`);
    expect(jsonLdImage(page)).toBe(artwork.boxart?.url);
  });

  it("a verified record without box art: the placeholder in its place, no og:image, and no script when no type has candidates", async () => {
    const title = thumbnailUrl("Named_Titles", "Doom (Europe)");
    const snap = thumbnailUrl("Named_Snaps", "Doom");
    const page = await render({ verified: true, title: { url: title, candidates: [] }, snap: { url: snap, candidates: [] } });
    expect(frames(page)).toEqual([
      `Box art: <div class="missing">No box art</div>`,
      `Title screen: <img src="${title}" alt="Title screen of Doom" data-missing="No title screen" width="320" height="240" loading="lazy" decoding="async" referrerpolicy="no-referrer">`,
      `Snapshot: <img src="${snap}" alt="Snapshot of Doom" data-missing="No snapshot" width="320" height="240" loading="lazy" decoding="async" referrerpolicy="no-referrer">`,
    ]);
    expect(page).not.toContain("data-fallback");
    expect(page).not.toContain("/site/artwork.");
    expect(page).not.toContain("og:image");
    expect(jsonLdImage(page)).toBeUndefined();
  });

  it("a verified record with no file of any type, and a record of a platform without thumbnails: three placeholders, no image", async () => {
    for (const artwork of [{ verified: true }, undefined]) {
      const page = await render(artwork);
      expect(frames(page), JSON.stringify(artwork)).toEqual([
        `Box art: <div class="missing">No box art</div>`,
        `Title screen: <div class="missing">No title screen</div>`,
        `Snapshot: <div class="missing">No snapshot</div>`,
      ]);
      expect(page).not.toMatch(/<img[\s>]/);
      expect(page).not.toContain("/site/artwork.");
      expect(page).not.toContain("og:image");
    }
  });

  it("only types with candidates bring the script: one is enough", async () => {
    const url = thumbnailUrl("Named_Snaps", "Doom");
    const page = await render({ verified: false, snap: { url, candidates: [thumbnailUrl("Named_Snaps", "Doom (Europe)")] } });
    expect(page).toContain(artworkScriptTag);
    expect(frames(page).map((f) => f.replace(/<img [^>]*>/, "<img>"))).toEqual([
      `Box art: <div class="missing">No box art</div>`,
      `Title screen: <div class="missing">No title screen</div>`,
      "Snapshot: <img>",
    ]);
  });

  it("escapes the title in alt and the URLs in src and data-fallback", async () => {
    const url = `${thumbnailUrl("Named_Boxarts", "Tom")}?a=1&b='2'`;
    const other = `${thumbnailUrl("Named_Boxarts", "Jerry")}?c="3"&d=<4>`;
    const page = await render({ verified: false, boxart: { url, candidates: [other] } }, `Tom & Jerry "<Chase>"`);
    const [boxart] = frames(page);
    expect(boxart).toContain(`src="${thumbnailUrl("Named_Boxarts", "Tom")}?a=1&amp;b=&#39;2&#39;"`);
    expect(boxart).toContain(`alt="Box art of Tom &amp; Jerry &quot;&lt;Chase&gt;&quot;"`);
    expect(boxart).toContain(`data-fallback="${thumbnailUrl("Named_Boxarts", "Jerry")}?c=&quot;3&quot;&amp;d=&lt;4&gt;"`);
    expect(page).toContain(`<meta property="og:image" content="${thumbnailUrl("Named_Boxarts", "Tom")}?a=1&amp;b=&#39;2&#39;">`);
    expect(jsonLdImage(page)).toBe(url);
  });
});
