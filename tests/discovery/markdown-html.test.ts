import { describe, expect, it } from "vitest";
import { inlineMarkdownToHtml, markdownToHtml } from "../../src/discovery/markdown-html.ts";

describe("the docs page's Markdown subset", () => {
  it("renders code, links and bold, and escapes everything else", () => {
    expect(inlineMarkdownToHtml("Send `Authorization: Bearer <token>` to [the API](https://ludex.test/api/) **now** & <b>then</b>")).toBe(
      'Send <code>Authorization: Bearer &lt;token&gt;</code> to <a href="https://ludex.test/api/">the API</a> <strong>now</strong> &amp; &lt;b&gt;then&lt;/b&gt;',
    );
    expect(inlineMarkdownToHtml("`[not](a link)`")).toBe("<code>[not](a link)</code>");
  });

  it("refuses link targets that are not http(s), a path or an anchor", () => {
    expect(inlineMarkdownToHtml("[x](javascript:alert(1))")).not.toContain("<a");
    expect(inlineMarkdownToHtml('[x](https://a.example/"onclick=)')).toBe('<a href="https://a.example/&quot;onclick=">x</a>');
  });

  it("splits paragraphs and lists", () => {
    expect(markdownToHtml("One\ntwo\n\n- a\n- `b`\n\n1. x\n2. y")).toBe(
      "<p>One two</p>\n<ul><li>a</li><li><code>b</code></li></ul>\n<ol><li>x</li><li>y</li></ol>",
    );
  });
});
