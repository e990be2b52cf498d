import type { Options } from "minisearch";
import { titleWords } from "../names/title-key.ts";
import type { GameSummary } from "./game-summary.ts";

/**
 * MiniSearch options shared by the build (which indexes) and the server (which loads the
 * serialized index without re-indexing); both sides must agree or loading fails.
 * Terms are normalised by {@link titleWords}: case, diacritics, punctuation and stop words ignored.
 */
export const searchIndexOptions: Options<GameSummary> = {
  idField: "id",
  fields: ["title"],
  // Nothing but the id is stored: summaries live in the shard indexes and are looked up by id.
  // Storing them here doubled the serialized index and its load time (measured ~1 s → ~0.5 s).
  storeFields: [],
  tokenize: (text: string): string[] => titleWords(text),
  processTerm: (term: string): string => term,
};
