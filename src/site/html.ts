/** Text already escaped or authored as markup; only {@link html} and {@link raw} make one. */
export class SafeHtml {
  readonly value: string;
  constructor(value: string) {
    this.value = value;
  }
  toString(): string {
    return this.value;
  }
}

const needsEscape = /[&<>"']/;
const entities: Readonly<Record<string, string>> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Escapes text for HTML element content and double- or single-quoted attribute values. */
export function escapeHtml(text: string): string {
  // Most catalog text has nothing to escape; testing first is several times faster than replacing.
  return needsEscape.test(text) ? text.replace(/[&<>"']/g, (c) => entities[c] ?? c) : text;
}

/** Markup written by this project (never data from the catalog or a request). */
export function raw(markup: string): SafeHtml {
  return new SafeHtml(markup);
}

type Value = SafeHtml | string | number | undefined | null | false | readonly Value[];

function render(value: Value): string {
  if (value === undefined || value === null || value === false) return "";
  if (value instanceof SafeHtml) return value.value;
  if (typeof value === "number") return String(value);
  if (typeof value === "string") return escapeHtml(value);
  let out = "";
  for (const v of value) out += render(v);
  return out;
}

/**
 * The page templates' one way to make markup: every interpolated string is escaped, nested
 * `html` results and arrays of them are inserted as they are, and `undefined`/`false` vanish.
 */
export function html(strings: TemplateStringsArray, ...values: readonly Value[]): SafeHtml {
  let out = strings[0] ?? "";
  for (let i = 0; i < values.length; i++) out += render(values[i]) + (strings[i + 1] ?? "");
  return new SafeHtml(out);
}

/**
 * JSON for a `<script type="application/ld+json">` block: `<`, `>` and `&` become \u escapes so
 * that no catalog text can close the script element.
 */
export function jsonForScript(value: unknown): SafeHtml {
  return new SafeHtml(JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`));
}
