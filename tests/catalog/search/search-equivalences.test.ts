import { describe, expect, it } from "vitest";
import { equivalentQuery } from "../../../src/catalog/search/search-equivalences.ts";
import { createSearchVocabulary } from "../../../src/catalog/search/search-vocabulary.ts";
import type { TitleQuery } from "../../../src/catalog/search/title-query.ts";

// Terms as a title index holds them (titleKey words, sorted): a few real titles' words.
const vocabulary = createSearchVocabulary(
  ["final", "fantasy", "7", "vii", "street", "fighter", "ii", "sim", "city", "simcity", "mega", "man", "zelda", "legend"].sort(),
);

/** A query word as equivalentQuery writes it: exact unless it is the prefix word. */
const term = (t: string, prefix = false): TitleQuery => ({ term: t, prefix });

describe("equivalentQuery", () => {
  it("is undefined when no word has another spelling, so plain queries cost nothing more", () => {
    expect(equivalentQuery(["legend", "zelda"], vocabulary)).toBeUndefined();
    expect(equivalentQuery([], vocabulary)).toBeUndefined();
  });

  it("ORs a roman numeral with its arabic twin, and back, when titles use the twin", () => {
    expect(equivalentQuery(["final", "fantasy", "vii"], vocabulary)).toEqual({
      all: [term("final"), term("fantasy"), { any: [term("vii"), term("7")] }],
    });
    expect(equivalentQuery(["final", "fantasy", "7"], vocabulary)).toEqual({
      all: [term("final"), term("fantasy"), { any: [term("7"), term("vii")] }],
    });
  });

  it("leaves a numeral alone when no title has its twin", () => {
    // "2" is not a title word here, so "ii" has no twin to add.
    expect(equivalentQuery(["street", "fighter", "ii"], vocabulary)).toBeUndefined();
  });

  it("reads two words as the compound a title writes joined (Sim City / SimCity)", () => {
    const q = equivalentQuery(["sim", "city"], vocabulary);
    expect(q).toEqual({ all: [{ any: [{ all: [term("sim"), term("city")] }, term("simcity")] }] });
  });

  it("splits a joined word into two title words (Megaman / Mega Man)", () => {
    const q: TitleQuery | undefined = equivalentQuery(["megaman"], vocabulary);
    expect(q).toEqual({ all: [{ any: [term("megaman"), { all: [term("mega"), term("man")] }] }] });
  });

  it("lets the prefix word match as a prefix in every form", () => {
    expect(equivalentQuery(["final", "fantasy", "vii"], vocabulary, "vii")).toEqual({
      all: [term("final"), term("fantasy"), { any: [term("vii", true), term("7")] }],
    });
  });

  it("does not split short words or words with digits, nor into halves under three letters", () => {
    expect(equivalentQuery(["manmeg"], vocabulary)).toBeUndefined();
    expect(equivalentQuery(["mega7"], vocabulary)).toBeUndefined();
    expect(equivalentQuery(["simman"], createSearchVocabulary(["mman", "si", "simman"]))).toBeUndefined();
  });
});
