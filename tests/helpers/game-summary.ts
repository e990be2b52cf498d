import { titleKey } from "../../src/catalog/names/title-key.ts";
import type { GameSummary } from "../../src/catalog/search/game-summary.ts";

/** A game's search summary as the build writes it: one USA release unless `over` says otherwise. */
export function gameSummary(id: number, title: string, system: string, over: Partial<GameSummary> = {}): GameSummary {
  return { id, title, key: titleKey(title), system, regions: ["USA"], releaseCount: 1, ...over };
}
