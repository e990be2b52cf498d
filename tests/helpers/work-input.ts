import type { WorkInput } from "../../src/catalog/identity/group-works.ts";
import { titleKey } from "../../src/catalog/names/title-key.ts";

/** One release as the grouping reads it: a retail game titled `title`, no other facts unless given. */
export function workInput(over: Partial<WorkInput> & { title: string }): WorkInput {
  return {
    kind: "game",
    groupKey: titleKey(over.title),
    titleKey: titleKey(over.title),
    setName: undefined,
    titleParts: [],
    dumpKeys: [],
    serialCode: undefined,
    regions: [],
    size: undefined,
    retail: true,
    year: undefined,
    developer: undefined,
    ...over,
  };
}
