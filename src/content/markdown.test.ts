import { remark } from "remark";
import remarkGfm from "remark-gfm";
import remarkHtml from "remark-html";
import { describe, expect, it } from "vitest";
import { markdownProcessor, renderMarkdown, renderMarkdownWithSummary, slugify } from "./markdown";

describe("the Markdown processor", () => {
  it("is remark's: remark-parse with remark-gfm, written by remark-html", () => {
    const remarkParse = remark().attachers[0]?.[0];
    const plugins = markdownProcessor.attachers.map(([plugin]) => plugin);
    expect(remarkParse?.name).toBe("remarkParse");
    expect(plugins[0]).toBe(remarkParse);
    expect(plugins).toContain(remarkGfm);
    expect(plugins.at(-1)).toBe(remarkHtml);
  });

  it("writes what remark-html writes for what the site does not change", () => {
    const text = "# Oaks & *pines*\n\n> A quote with `code`, a [link](/x \"t\") and ~~struck~~ text.\n\n1. one\n2. two\n\n```js\nlet a = 1 < 2;\n```\n";
    const stock = String(remark().use(remarkGfm, { singleTilde: false }).use(remarkHtml).processSync(text));
    expect(renderMarkdown(text)).toBe(stock.replace("<h1>", '<h1 id="oaks-pines">'));
  });

  it("matches footnote labels without regard to case, as GitHub does", () => {
    const html = renderMarkdown("Oaks[^Storm] and pines[^storm].\n\n[^storm]: After the storm.\n");
    expect(html.match(/data-footnote-ref/g)).toHaveLength(2);
    expect(html).toContain('<li id="user-content-fn-storm">');
  });

  it("names the file instead of failing the build when quotes are nested deeper than the parser can follow", () => {
    const { html, problems } = renderMarkdownWithSummary(`${"> ".repeat(20_000)}deep`, { file: "content/blog/deep.md" });
    expect(html).toBe("");
    expect(problems).toEqual([{ file: "content/blog/deep.md", field: "(file)", problem: expect.stringContaining("thousands of levels deep") }]);
  });
});

describe("renderMarkdown", () => {
  it("renders Markdown to HTML", () => {
    expect(renderMarkdown("Some *soft* text.\n\n- one\n- two")).toBe(
      "<p>Some <em>soft</em> text.</p>\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n",
    );
  });

  it("gives every heading a unique id, without the user-content- prefix", () => {
    const html = renderMarkdown("# When to Prune Oaks?\n\n## Why\n\n## Why\n\n> ### Oak wilt & you\n");
    expect(html).toContain('<h1 id="when-to-prune-oaks">When to Prune Oaks?</h1>');
    expect(html).toContain('<h2 id="why">Why</h2>');
    expect(html).toContain('<h2 id="why-1">Why</h2>');
    expect(html).toContain('<h3 id="oak-wilt-you">Oak wilt &#x26; you</h3>');
    expect(html).not.toContain("user-content-");
  });

  it("starts the id counter afresh for each document", () => {
    renderMarkdown("## Why");
    expect(renderMarkdown("## Why")).toBe('<h2 id="why">Why</h2>\n');
  });

  it("drops script elements", () => {
    const html = renderMarkdown("Hello <script>alert('x')</script>\n\n<script>\nfetch('/steal')\n</script>\n");
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toContain("fetch(");
    expect(html).toContain("<p>Hello");
  });

  it("drops event-handler attributes", () => {
    const html = renderMarkdown('<img src="x" onerror="alert(1)">\n\nText <b onmouseover="alert(2)">bold</b>\n');
    expect(html).not.toMatch(/onerror|onmouseover/i);
    expect(html).not.toContain("<img");
  });

  it("drops javascript: links but keeps safe ones", () => {
    const html = renderMarkdown(
      "[bad](javascript:alert(1)) [also bad](JAVASCRIPT:alert(1)) [good](https://example.com/a) [mail](mailto:a@b.c)",
    );
    expect(html).not.toMatch(/javascript:/i);
    expect(html).toContain("<a>bad</a>");
    expect(html).toContain('<a href="https://example.com/a">good</a>');
    expect(html).toContain('<a href="mailto:a@b.c">mail</a>');
  });

  it("drops raw id attributes that could shadow heading ids", () => {
    expect(renderMarkdown('<div id="why">x</div>\n\n## Why')).toBe('<h2 id="why">Why</h2>\n');
  });

  it("keeps only addresses with GitHub's protocols, in links and images", () => {
    const html = renderMarkdown("[v](vbscript:x) [d](data:text/html,x) [t](tel:+1803) <javascript:alert(1)> ![i](javascript:x) ![p](https://x.example/p.png)");
    expect(html).toBe('<p><a>v</a> <a>d</a> <a>t</a> <a>javascript:alert(1)</a> <img alt="i"> <img src="https://x.example/p.png" alt="p"></p>\n');
  });

  it("escapes text and attributes", () => {
    expect(renderMarkdown('[a "b" & 1 < 2](/x?y=1&z=2 "t\'s \\"q\\"")')).toBe(
      '<p><a href="/x?y=1&#x26;z=2" title="t&#x27;s &#x22;q&#x22;">a "b" &#x26; 1 &#x3C; 2</a></p>\n',
    );
  });

  it("numbers many headings of the same name in one pass", () => {
    const started = performance.now();
    const html = renderMarkdown("#\n".repeat(20_000) + "# Section 1\n");
    // Counting each id from 1 took about a minute; remark parses these 40 KB in about a second on a busy machine.
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(html).toContain('<h1 id="section-19999"></h1>\n<h1 id="section-1-1">Section 1</h1>');
  });
});

describe("renderMarkdownWithSummary", () => {
  it("returns the first paragraph as plain text, skipping headings", () => {
    const { html, firstParagraph } = renderMarkdownWithSummary(
      "## Intro\n\nPrune **oaks** in\nlate `winter`, see [the guide](https://x.example).\n\nSecond paragraph.",
    );
    expect(firstParagraph).toBe("Prune oaks in late winter, see the guide.");
    expect(html).toContain('<h2 id="intro">Intro</h2>');
  });

  it("returns an empty first paragraph when there is none", () => {
    expect(renderMarkdownWithSummary("## Only a heading").firstParagraph).toBe("");
  });
});

describe("slugify", () => {
  it("keeps letters and digits, joins words with hyphens", () => {
    expect(slugify("  Stump Grinding: 6-12 Inches?  ")).toBe("stump-grinding-6-12-inches");
    expect(slugify("Café Oaks")).toBe("café-oaks");
    expect(slugify("!!!")).toBe("section");
  });
});

describe("readingMinutes", () => {
  const minutes = (markdown: string) => renderMarkdownWithSummary(markdown).readingMinutes;
  it("is words / 200, rounded, at least 1", () => {
    expect(minutes("")).toBe(1);
    expect(minutes("## Heading\n\n- a list")).toBe(1);
    expect(minutes(Array.from({ length: 1000 }, () => "word").join(" "))).toBe(5);
    expect(minutes(Array.from({ length: 650 }, () => "oak").join("\n"))).toBe(3);
  });
});

describe("GitHub-flavoured Markdown", () => {
  const html = renderMarkdown(
    [
      "| Job | Cost |",
      "|-----|-----:|",
      "| Trim | $300 |",
      "",
      "~~$400~~ $300, details at https://example.com",
      "",
      "- [x] call us",
      "- [ ] trim",
      "",
      "A fact[^1].",
      "",
      "[^1]: The footnote.",
    ].join("\n"),
  );

  it("renders a table inside a labelled box that scrolls sideways and takes keyboard focus", () => {
    expect(html).toContain('<div class="table-scroll" role="region" aria-label="Table" tabindex="0"><table>');
    expect(html).toContain('<th align="right">Cost</th>');
    expect(html).toContain("<td>Trim</td>");
  });

  it("renders strikethrough, bare links and task lists", () => {
    expect(html).toContain("<del>$400</del>");
    expect(html).toContain('<a href="https://example.com">https://example.com</a>');
    expect(html).toContain('<li class="task-list-item"><input type="checkbox" checked disabled aria-label="call us"> call us</li>');
  });

  it("renders footnotes whose reference points at a label that exists", () => {
    expect(html).toContain('<a href="#user-content-fn-1" id="user-content-fnref-1" data-footnote-ref aria-describedby="footnote-label">1</a>');
    expect(html).toContain('<h2 class="sr-only" id="footnote-label">Footnotes</h2>');
    expect(html).toContain('<li id="user-content-fn-1">');
  });

  it("links www. addresses and e-mail addresses, but not ftp:// ones", () => {
    expect(renderMarkdown("www.arborday.org, info@example.com and ftp://files.example.com")).toBe(
      '<p><a href="http://www.arborday.org">www.arborday.org</a>, <a href="mailto:info@example.com">info@example.com</a> and ftp://files.example.com</p>\n',
    );
  });

  it("lists a note once with a link back to each reference, and keeps the first of two definitions", () => {
    const notes = renderMarkdown("A[^n] and B[^n].\n\n[^n]: First.\n[^n]: Second.\n");
    expect(notes).toContain('<a href="#user-content-fn-n" id="user-content-fnref-n-2" data-footnote-ref aria-describedby="footnote-label">1</a>');
    expect(notes).toContain(
      '<li id="user-content-fn-n">\n<p>First. <a href="#user-content-fnref-n" data-footnote-backref="" aria-label="Back to reference 1" class="data-footnote-backref">↩</a> ' +
        '<a href="#user-content-fnref-n-2" data-footnote-backref="" aria-label="Back to reference 1-2" class="data-footnote-backref">↩<sup>2</sup></a></p>\n</li>',
    );
    expect(notes).not.toContain("Second");
  });

  it("makes a task of a marker followed by text only", () => {
    expect(renderMarkdown("- [x]\n- [x]done\n- [ ]\ttab")).toBe(
      '<ul class="contains-task-list">\n<li>[x]</li>\n<li>[x]done</li>\n<li class="task-list-item"><input type="checkbox" disabled aria-label="tab"> tab</li>\n</ul>\n',
    );
  });

  it("names a task's checkbox by its own text: not its nested tasks', and its paragraphs apart", () => {
    const nested = renderMarkdown("- [x] parent task\n  - [ ] child one\n  - [x] child two\n- [ ] call us\n\n  before noon\n");
    expect(nested).toContain('<input type="checkbox" checked disabled aria-label="parent task"> parent task');
    expect(nested).toContain('<input type="checkbox" disabled aria-label="child one"> child one');
    expect(nested).toContain('<input type="checkbox" disabled aria-label="call us before noon"> call us');
  });

  it("still sanitizes: no raw HTML inside a table cell", () => {
    expect(renderMarkdown("| a |\n|---|\n| <img src=x onerror=alert(1)> |")).not.toMatch(/<img|onerror/);
  });
});

describe("photos in Markdown", () => {
  const photo = {
    width: 1600,
    height: 1200,
    fallback: "jpeg" as const,
    variants: (["avif", "webp", "jpeg"] as const).map((format) => ({ format, width: 800, height: 600, url: `/assets/photos/oak-0123456789-800.${format}` })),
  };
  const source = { file: "content/blog/oak/index.md", photos: { "content/blog/oak/oak.jpg": photo } };

  it("places a photo beside the post as a lazy <picture>, also when written as a reference", () => {
    const { html, problems } = renderMarkdownWithSummary('![The split oak](./oak.jpg "After")\n\n![Again][oak]\n\n[oak]: oak.jpg', source);
    expect(problems).toEqual([]);
    expect(html).toContain(
      '<picture><source type="image/avif" srcset="/assets/photos/oak-0123456789-800.avif 800w" sizes="(min-width: 52rem) 48rem, 100vw">' +
        '<source type="image/webp" srcset="/assets/photos/oak-0123456789-800.webp 800w" sizes="(min-width: 52rem) 48rem, 100vw">' +
        '<img src="/assets/photos/oak-0123456789-800.jpeg" srcset="/assets/photos/oak-0123456789-800.jpeg 800w" sizes="(min-width: 52rem) 48rem, 100vw" width="800" height="600" alt="The split oak" title="After" loading="lazy" decoding="async"></picture>',
    );
    expect(html.match(/<picture>/g)).toHaveLength(2);
  });

  it("names photos that are undescribed, on another site or missing, in the order written", () => {
    const { problems } = renderMarkdownWithSummary("![](./oak.jpg) ![x](https://x.example/a.jpg) ![y](./nope.jpg) ![z](/static/a.jpg)", source);
    expect(problems.map((p) => p.field)).toEqual(["photo ./oak.jpg", "photo https://x.example/a.jpg", "photo ./nope.jpg"]);
  });

  it("reads a photo name with a stray % as written instead of failing the build", () => {
    const { problems } = renderMarkdownWithSummary("![A stump](./100%.jpg)", { file: "content/blog/x/index.md", photos: {} });
    expect(problems).toEqual([
      { file: "content/blog/x/index.md", field: "photo ./100%.jpg", problem: expect.stringContaining("is not there (looked for content/blog/x/100%.jpg)") },
    ]);
  });
});
