import { SaxesParser } from "saxes";

/** One `<game>` of an ES-DE gamelist.xml: each child element's text by tag. */
export type GamelistEntry = Readonly<Record<string, string>>;

/** Reads a gamelist.xml back with a real XML parser (saxes); throws on malformed XML. */
export function readGamelist(xml: string): GamelistEntry[] {
  const parser = new SaxesParser();
  const games: Record<string, string>[] = [];
  const stack: string[] = [];
  let text = "";
  parser.on("error", (error) => {
    throw error;
  });
  parser.on("opentag", (tag) => {
    stack.push(tag.name);
    text = "";
    if (tag.name === "game") games.push({});
  });
  parser.on("text", (t) => {
    text += t;
  });
  parser.on("closetag", (tag) => {
    stack.pop();
    const game = games.at(-1);
    if (game && stack.at(-1) === "game") game[tag.name] = text;
    text = "";
  });
  parser.write(xml).close();
  if (stack.length !== 0) throw new Error("unclosed elements");
  return games;
}
