/**
 * The small Markdown subset the operation descriptions and the guide are written in, as HTML for
 * the docs page: paragraphs, `-` and `1.` lists, inline code, links and bold. Everything else is
 * text, escaped.
 */

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);
}

function safeHref(href: string): string | undefined {
  return /^(https?:\/\/|\/|#)/.test(href) ? href : undefined;
}

function formatText(text: string): string {
  let out = "";
  let rest = text;
  const pattern = /\[([^\]]+)\]\(([^)\s]+)\)|\*\*([^*]+)\*\*/;
  for (let m = pattern.exec(rest); m; m = pattern.exec(rest)) {
    out += escapeHtml(rest.slice(0, m.index));
    if (m[1] !== undefined && m[2] !== undefined) {
      const href = safeHref(m[2]);
      out += href ? `<a href="${escapeHtml(href)}">${formatText(m[1])}</a>` : escapeHtml(m[0]);
    } else {
      out += `<strong>${formatText(m[3] ?? "")}</strong>`;
    }
    rest = rest.slice(m.index + m[0].length);
  }
  return out + escapeHtml(rest);
}

/** Inline Markdown as HTML: code spans first (their content is literal), then links and bold. */
export function inlineMarkdownToHtml(text: string): string {
  return text
    .split(/(`[^`]+`)/)
    .map((part) =>
      part.length > 1 && part.startsWith("`") && part.endsWith("`") ? `<code>${escapeHtml(part.slice(1, -1))}</code>` : formatText(part),
    )
    .join("");
}

/** Blocks separated by blank lines; a block whose lines all start with `- ` or `1. ` is a list. */
export function markdownToHtml(markdown: string): string {
  return markdown
    .split(/\n{2,}/)
    .map((block) => {
      const lines = block.split("\n");
      if (lines.every((l) => l.startsWith("- ")))
        return `<ul>${lines.map((l) => `<li>${inlineMarkdownToHtml(l.slice(2))}</li>`).join("")}</ul>`;
      if (lines.every((l) => /^\d+\. /.test(l)))
        return `<ol>${lines.map((l) => `<li>${inlineMarkdownToHtml(l.replace(/^\d+\. /, ""))}</li>`).join("")}</ol>`;
      return `<p>${inlineMarkdownToHtml(lines.join(" "))}</p>`;
    })
    .join("\n");
}
