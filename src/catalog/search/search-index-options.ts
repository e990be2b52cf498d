import type { Options } from "minisearch";
import { titleWords } from "../names/title-key.ts";
import type { GameSummary } from "./game-summary.ts";

/**
 * MiniSearch options shared by the build (which indexes) and the server (which loads the
 * serialized index without re-indexing); both sides must agree or loading fails.
 * Terms are normalised by {@link titleWords}: case, diacritics, punctuation and articles ignored.
 */
export const searchIndexOptions: Options<GameSummary> = {
  idField: "id",
  fields: ["title"],
  storeFields: ["id", "title", "key", "system", "releaseYear", "developer", "publisher", "genres", "regions", "releaseCount"],
  tokenize: (text: string): string[] => titleWords(text),
  processTerm: (term: string): string => term,
};
