import { HtmlValidate } from "html-validate";
import { describe, expect, it } from "vitest";
import { platformEntry } from "../../src/catalog/platforms/platform-entry.ts";
import type { GameRecord } from "../../src/catalog/record/game-record.ts";
import { gamePage } from "../../src/site/game-page.ts";
import { siteContext } from "../../src/site/page-layout.ts";
import { siteAssets } from "../../src/site/site-assets.ts";
import { importMetadataCatalog, psName, snesName } from "../helpers/metadata-catalog.ts";

/**
 * Game pages of the metadata checkout's records (tests/helpers/metadata-catalog.ts): review
 * scores, BBFC and ELSPA ratings in the facts, each release's date among its tags, a hack's base
 * game linked from its facts and its release, and a base game's hacks listed with the count.
 */

const validator = new HtmlValidate({ extends: ["html-validate:standard", "html-validate:document"] });
const ctx = siteContext("https://ludex.test", "https://thumbnails.ludex.test", siteAssets);
const catalog = importMetadataCatalog();

async function page(system: string, title: string): Promise<string> {
  const records = catalog.records(system);
  const game = records.find((r) => r.title === title) as GameRecord;
  const html = gamePage(ctx, game, platformEntry(catalog.platform(system), {}));
  const report = await validator.validateString(html);
  expect(report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId}: ${m.message} (line ${m.line})`))).toEqual([]);
  return html;
}

function idOf(system: string, title: string): number {
  return catalog.records(system).find((r) => r.title === title)?.id ?? 0;
}

/** The page's facts as "term: text" lines. */
function facts(html: string): string[] {
  const list = /<dl class="facts">([\s\S]*?)<\/dl>\n<\/div>/.exec(html)?.[1] ?? "";
  return [...list.matchAll(/<dt>([^<]*)<\/dt><dd>([\s\S]*?)<\/dd>/g)].map((m) => `${m[1]}: ${m[2]?.replace(/<[^>]+>/g, "")}`);
}

describe("game page metadata", () => {
  it("shows reviews with their scales and issue, and the BBFC and ELSPA ratings", async () => {
    const html = await page(psName, "Night Racer");
    expect(facts(html)).toEqual(expect.arrayContaining(["Reviews: Edge 9/10 (issue 40)", "BBFC rating: 15", "ELSPA rating: 15+"]));
    expect(facts(await page(snesName, "Star Rider"))).toEqual(
      expect.arrayContaining(["Reviews: Edge 8/10 (issue 12) · Famitsu 34/40", "Released: November 1993"]),
    );
  });

  it("tags each release with its own date", async () => {
    const html = await page(snesName, "Star Rider");
    expect(html).toMatch(/<h3>Star Rider \(USA\)<\/h3>\n<p class="tags"><span class="tag">March 1994<\/span><span class="tag">USA<\/span>/);
    expect(html).toMatch(
      /<h3>Star Rider \(Japan\)<\/h3>\n<p class="tags"><span class="tag">November 1993<\/span><span class="tag">Japan<\/span>/,
    );
  });

  it("links a hack to its base game, in the facts, the release and the structured data", async () => {
    const base = idOf(snesName, "Sky Chase");
    const html = await page(snesName, "Sky Chase Remix 07");
    expect(facts(html)).toContain("Hack of: Sky Chase");
    expect(html).toContain(`<dt>Hack of</dt><dd><a href="/games/${base}/">Sky Chase</a></dd>`);
    expect(html).toContain(
      `<p class="hack-of">Hack of <a href="/games/${base}/">Sky Chase</a>, from the release Sky Chase (Japan, USA) (En,Ja)</p>`,
    );
    expect(html).toContain(`"isBasedOn":{"@type":"VideoGame","@id":"/games/${base}/","name":"Sky Chase"}`);
  });

  it("lists a base game's hacks, saying how many of all are shown", async () => {
    const html = await page(snesName, "Sky Chase");
    expect(html).toContain('<h2 id="hacks">Hacks</h2>\n<p>50 of 52 hacks shown.</p>');
    const remix = idOf(snesName, "Sky Chase Remix 01");
    expect(html).toContain(`<li><a href="/games/${remix}/">Sky Chase Remix 01 [Hack by Remixer]</a></li>`);
    expect(html).not.toContain("Sky Chase Remix 51");
    const starRider = await page(snesName, "Star Rider");
    expect(starRider).toContain("<p>2 hacks from the hacks DAT.</p>");
    // A translation in the base game's own record is named without a link to the page it is on.
    expect(starRider).toContain("<li>Star Rider (Japan) [T-En by Translator]</li>");
    expect(starRider).toContain('<p class="hack-of">Hack of this game, from the release Star Rider (Japan)</p>');
  });
});
