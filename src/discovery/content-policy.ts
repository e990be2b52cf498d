/**
 * The service's content policy as Content Signals: search indexing and use as input to AI answers
 * are allowed, training is not. One definition for robots.txt, llms.txt and the docs page.
 * @see docs/service-spec.md §1 (content policy); https://contentsignals.org/
 */
export const contentSignals = {
  search: "yes",
  "ai-input": "yes",
  "ai-train": "no",
} as const satisfies Readonly<Record<string, "yes" | "no">>;

/** The Content-Signal directive value: `search=yes, ai-input=yes, ai-train=no`. */
export function contentSignalValue(): string {
  return Object.entries(contentSignals)
    .map(([name, value]) => `${name}=${value}`)
    .join(", ");
}

/** What each signal means, in plain words (robots.txt comments, llms.txt, the docs page). */
export const contentSignalMeanings: Readonly<Record<keyof typeof contentSignals, string>> = {
  search: "building a search index and showing search results (links and short excerpts)",
  "ai-input": "using the content as input to an AI model at answer time (retrieval, grounding, AI search answers)",
  "ai-train": "training or fine-tuning AI models",
};
