import { describe, expect, it } from "vitest";
import { ContentError, formatProblem } from "./content-error";
import { findDuplicateSlugs, selectPublished, toPostJson, toPostSummary } from "./post-list";
import { parsePost, postId, truncateOnWord, type Post } from "./posts";
import { siteSchema, type Site } from "./site";

const site: Site = siteSchema.parse({
  name: "Cedar Ridge Tree Service",
  shortName: "Cedar Ridge",
  tagline: "Certified arborists",
  url: "https://cedarridgetree.example/",
  phone: { display: "(803) 555-0142", dial: "+18035550142" },
  email: "office@cedarridgetree.example",
  address: { locality: "Chapin", region: "SC", postalCode: "29036", country: "US" },
  geo: { latitude: 34.1657, longitude: -81.3496 },
  hours: [{ label: "Monday - Friday", days: ["Monday"], opens: "07:00", closes: "18:00" }],
  emergencyLine: "24/7 emergency service",
  social: [],
  priceRange: "$$",
  rating: { value: 5, count: 47 },
  businessType: "HomeAndConstructionBusiness",
  foundingYear: 2025,
  blogCategories: [
    { name: "Tree Care Tips", slug: "tree-care-tips", description: "Tips." },
    { name: "Seasonal Maintenance", slug: "seasonal-maintenance", description: "Seasons." },
    { name: "Storm Prep", slug: "storm-prep", description: "Storms." },
    { name: "Tree Health", slug: "tree-health", description: "Health." },
  ],
});

const post = (frontMatter: string, body = "A short body.") => `---\n${frontMatter}\n---\n${body}\n`;

/** The message of the ContentError thrown by `fn`, or a failure when nothing is thrown. */
function errorOf(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ContentError);
    return error instanceof Error ? error.message : String(error);
  }
  throw new Error("expected a ContentError, nothing was thrown");
}

const parse = (frontMatter: string, file = "content/blog/x.md", body?: string) =>
  parsePost(file, post(frontMatter, body), site);

describe("parsePost", () => {
  it("fills in every default", () => {
    const body = "## Why winter\n\nOaks rest in winter, so cuts close before beetles fly.\n\nSecond paragraph.";
    const p = parse("title: When to Prune Oaks\npublishDate: 2025-02-10", "content/blog/when-to-prune-oaks.md", body);
    expect(p).toEqual({
      id: postId("when-to-prune-oaks"),
      file: "content/blog/when-to-prune-oaks.md",
      slug: "when-to-prune-oaks",
      title: "When to Prune Oaks",
      publishDate: new Date("2025-02-10T00:00:00.000Z"),
      category: undefined,
      author: "Cedar Ridge Tree Service",
      excerpt: "Oaks rest in winter, so cuts close before beetles fly.",
      metaDescription: "Oaks rest in winter, so cuts close before beetles fly.",
      featured: false,
      draft: false,
      content: `${body}\n`,
      html: '<h2 id="why-winter">Why winter</h2>\n<p>Oaks rest in winter, so cuts close before beetles fly.</p>\n<p>Second paragraph.</p>\n',
      readingMinutes: 1,
    });
    expect(p.id).toMatch(/^[0-9a-f]{16}$/);
  });

  it("keeps every value given in the front matter and ignores unknown keys", () => {
    const p = parse(
      [
        'title: "Storm Prep: A Checklist"',
        'publishDate: "2025-06-01T13:30:00-04:00"',
        "slug: storm-prep",
        "category: Storm Prep",
        "author: Dana Reyes",
        "excerpt: Short excerpt.",
        "metaDescription: Meta text.",
        "featured: true",
        "draft: true",
        "layout: wide",
      ].join("\n"),
    );
    expect(p).toMatchObject({
      title: "Storm Prep: A Checklist",
      publishDate: new Date("2025-06-01T17:30:00.000Z"),
      slug: "storm-prep",
      id: postId("storm-prep"),
      category: "Storm Prep",
      author: "Dana Reyes",
      excerpt: "Short excerpt.",
      metaDescription: "Meta text.",
      featured: true,
      draft: true,
    });
    expect(p).not.toHaveProperty("layout");
  });

  it("defaults metaDescription to a given excerpt", () => {
    expect(parse("title: T\npublishDate: 2025-01-01\nexcerpt: Mine.").metaDescription).toBe("Mine.");
  });

  it("accepts quoted dates and times; a time without a zone is UTC", () => {
    expect(parse('title: T\npublishDate: "2025-03-01"').publishDate.toISOString()).toBe("2025-03-01T00:00:00.000Z");
    expect(parse("title: T\npublishDate: 2025-03-01T09:30").publishDate.toISOString()).toBe("2025-03-01T09:30:00.000Z");
    expect(parse('title: T\npublishDate: "2025-03-01T09:30:00Z"').publishDate.toISOString()).toBe(
      "2025-03-01T09:30:00.000Z",
    );
  });

  it("treats an empty optional key as not given", () => {
    expect(parse("title: T\npublishDate: 2025-01-01\ncategory:\nauthor: ''").category).toBeUndefined();
    expect(parse("title: T\npublishDate: 2025-01-01\ncategory:\nauthor: ''").author).toBe(site.name);
  });

  it("trims a long first paragraph to about 160 characters on a word boundary", () => {
    const long = "Live oaks and loblolly pines shade most yards around Chapin. ".repeat(5);
    const { excerpt } = parse("title: T\npublishDate: 2025-01-01", "content/blog/x.md", long);
    expect(excerpt.length).toBeLessThanOrEqual(160);
    expect(excerpt.length).toBeGreaterThan(120);
    expect(excerpt).toBe(
      "Live oaks and loblolly pines shade most yards around Chapin. Live oaks and loblolly pines shade most yards around Chapin. Live oaks and loblolly pines shade…",
    );
  });

  it("says a missing title is required", () => {
    expect(errorOf(() => parse("publishDate: 2025-01-01"))).toBe("content/blog/x.md: title: is required");
    expect(errorOf(() => parse("title: '  '\npublishDate: 2025-01-01"))).toBe("content/blog/x.md: title: is required");
  });

  it("says a missing publishDate is required", () => {
    expect(errorOf(() => parse("title: T"))).toBe("content/blog/x.md: publishDate: is required");
  });

  it.each([
    ["2025-02-30", "2025-02-30 is not a real date (February has 28 days in 2025); write it like 2025-02-28"],
    ["2024-02-30", "2024-02-30 is not a real date (February has 29 days in 2024); write it like 2024-02-29"],
    ["2026-11-31", "2026-11-31 is not a real date (November has 30 days); write it like 2026-11-30"],
    ["2025-13-45", "2025-13-45 is not a real date (a year has 12 months, and the month comes second: year-month-day); write it like 2025-03-01"],
    ["2025-04-00", "2025-04-00 is not a real date (April has 30 days); write it like 2025-04-01"],
  ])("refuses the impossible date %s, quoted or not, without rolling it over", (bad, problem) => {
    // Unquoted, YAML's timestamp type used to turn 2025-02-30 into March 2 before the schema saw it.
    expect(errorOf(() => parse(`title: T\npublishDate: ${bad}`))).toBe(`content/blog/x.md: publishDate: ${problem}`);
    expect(errorOf(() => parse(`title: T\npublishDate: "${bad}"`))).toBe(`content/blog/x.md: publishDate: ${problem}`);
  });

  it("refuses an impossible time of day", () => {
    expect(errorOf(() => parse("title: T\npublishDate: 2025-03-01T25:00"))).toBe(
      "content/blog/x.md: publishDate: 2025-03-01T25:00 is not a real time (hours go from 00 to 23, minutes and seconds to 59); write it like 2025-03-01T09:30",
    );
  });

  it("reads an unquoted date or time as written (no time zone shift from YAML)", () => {
    expect(parse("title: T\npublishDate: 2024-02-29").publishDate.toISOString()).toBe("2024-02-29T00:00:00.000Z");
    expect(parse("title: T\npublishDate: 2025-11-03T09:00:00-05:00").publishDate.toISOString()).toBe("2025-11-03T14:00:00.000Z");
  });

  it.each(["March 1, 2025", "01/03/2025", "2025-3-1"])(
    "rejects the date %j with an example",
    (bad) => {
      expect(errorOf(() => parse(`title: T\npublishDate: "${bad}"`))).toBe(
        "content/blog/x.md: publishDate: expected a date like 2025-03-01",
      );
    },
  );

  it("rejects a number as a date", () => {
    expect(errorOf(() => parse("title: T\npublishDate: 2025"))).toBe(
      "content/blog/x.md: publishDate: expected a date like 2025-03-01",
    );
  });

  it("rejects a slug that is not lowercase kebab-case", () => {
    expect(errorOf(() => parse("title: T\npublishDate: 2025-01-01\nslug: Spring Tips"))).toBe(
      "content/blog/x.md: slug: expected lowercase words joined by hyphens, like spring-pruning-tips",
    );
  });

  it("rejects a file name that cannot be a slug when no slug is given", () => {
    expect(errorOf(() => parse("title: T\npublishDate: 2025-01-01", "content/blog/Spring Tips.md"))).toBe(
      'content/blog/Spring Tips.md: slug: the file name "Spring Tips" can\'t be the slug: rename the file to lowercase words joined by hyphens (like spring-pruning-tips.md) or add a slug: line',
    );
    expect(parse("title: T\npublishDate: 2025-01-01\nslug: spring-tips", "content/blog/Spring Tips.md").slug).toBe(
      "spring-tips",
    );
  });

  it("rejects a known key with the wrong type", () => {
    expect(errorOf(() => parse("title: T\npublishDate: 2025-01-01\nfeatured: yes please"))).toBe(
      "content/blog/x.md: featured: expected true or false",
    );
    expect(errorOf(() => parse("title: [a, b]\npublishDate: 2025-01-01"))).toBe("content/blog/x.md: title: expected text");
  });

  it("lists every problem in a file at once", () => {
    expect(errorOf(() => parse("draft: 1\ncategory: 3"))).toBe(
      [
        "content/blog/x.md: title: is required",
        "content/blog/x.md: publishDate: is required",
        "content/blog/x.md: category: expected text",
        "content/blog/x.md: draft: expected true or false",
      ].join("\n"),
    );
  });

  it("asks 'did you mean' for a key that is a known one in another case or a letter or two off", () => {
    expect(errorOf(() => parse("Title: T\npublishDate: 2025-01-01"))).toBe(
      "content/blog/x.md: title: is required\ncontent/blog/x.md: Title: is not a known field: did you mean title?",
    );
    expect(errorOf(() => parse("title: T\npublishdate: 2025-01-01\ncategroy: Storm Prep"))).toBe(
      [
        "content/blog/x.md: publishDate: is required",
        "content/blog/x.md: publishdate: is not a known field: did you mean publishDate?",
        "content/blog/x.md: categroy: is not a known field: did you mean category?",
      ].join("\n"),
    );
    expect(errorOf(() => parse("title: T\npublishDate: 2025-01-01\nexcrept: Short."))).toBe(
      "content/blog/x.md: excrept: is not a known field: did you mean excerpt?",
    );
  });

  it("refuses a category that is not on the blog's list, naming the allowed ones", () => {
    expect(errorOf(() => parse("title: T\npublishDate: 2025-01-01\ncategory: Storm prep tips"))).toBe(
      'content/blog/x.md: category: "Storm prep tips" is not one of the blog\'s categories: Tree Care Tips, Seasonal Maintenance, Storm Prep, Tree Health (add it to blogCategories in content/site.json first)',
    );
  });

  it("writes a category as the list does when only its case or spacing differs", () => {
    expect(parse("title: T\npublishDate: 2025-01-01\ncategory: storm prep").category).toBe("Storm Prep");
    expect(parse("title: T\npublishDate: 2025-01-01\ncategory: tree-health").category).toBe("Tree Health");
  });

  it("ignores a key that is nothing like a known one", () => {
    expect(parse("title: T\npublishDate: 2025-01-01\ntags: oaks\nphotographer: Sam").title).toBe("T");
  });

  it("reports front matter that is not valid YAML, with the usual fix", () => {
    expect(errorOf(() => parse("title: Storm Prep: A Checklist\npublishDate: 2025-01-01"))).toBe(
      'content/blog/x.md: front matter: line 2, column 18: a value that contains ": " must be in "double quotes": write title: "Storm Prep: A Checklist"',
    );
  });

  it("reports a post without front matter", () => {
    expect(errorOf(() => parsePost("content/blog/x.md", "Just text.", site))).toBe(
      "content/blog/x.md: title: is required\ncontent/blog/x.md: publishDate: is required",
    );
  });

  it("keeps scripts out of the html but the Markdown in content", () => {
    const p = parse("title: T\npublishDate: 2025-01-01", "content/blog/x.md", "Hi <script>alert(1)</script>");
    expect(p.html).not.toContain("<script");
    expect(p.content).toContain("<script>alert(1)</script>");
  });
});

describe("truncateOnWord", () => {
  it("leaves short text alone and cuts long text at a word", () => {
    expect(truncateOnWord("Short text.")).toBe("Short text.");
    expect(truncateOnWord("alpha beta, gamma delta", 17)).toBe("alpha beta…");
  });
});

const stub = (slug: string, publishDate: string, draft = false) => ({
  slug,
  publishDate: new Date(publishDate),
  draft,
});

describe("selectPublished", () => {
  const now = new Date("2025-06-01T12:00:00Z");
  const posts = [
    stub("older", "2025-01-05"),
    stub("b-same-day", "2025-05-01"),
    stub("draft", "2025-04-01", true),
    stub("a-same-day", "2025-05-01"),
    stub("tomorrow", "2025-06-02"),
    stub("this-morning", "2025-06-01T08:00:00Z"),
  ];

  it("drops drafts and future posts, newest first, same date by slug", () => {
    expect(selectPublished(posts, { now }).map((p) => p.slug)).toEqual([
      "this-morning",
      "a-same-day",
      "b-same-day",
      "older",
    ]);
  });

  it("keeps drafts when asked, still not future posts", () => {
    expect(selectPublished(posts, { now, includeDrafts: true }).map((p) => p.slug)).toEqual([
      "this-morning",
      "a-same-day",
      "b-same-day",
      "draft",
      "older",
    ]);
  });

  it("does not reorder its input", () => {
    selectPublished(posts, { now });
    expect(posts[0]?.slug).toBe("older");
  });
});

describe("findDuplicateSlugs", () => {
  it("names both files", () => {
    const posts = [
      { slug: "x", file: "content/blog/a.md" },
      { slug: "y", file: "content/blog/y.md" },
      { slug: "x", file: "content/blog/b.md" },
    ];
    expect(findDuplicateSlugs(posts).map(formatProblem)).toEqual(['content/blog/b.md: slug: "x" is already used by content/blog/a.md']);
  });

  it("accepts unique slugs", () => {
    expect(findDuplicateSlugs([{ slug: "x", file: "a.md" }, { slug: "y", file: "b.md" }])).toEqual([]);
  });
});

describe("toPostJson and toPostSummary", () => {
  const p: Post = parse(
    "title: Stump Grinding\npublishDate: 2025-04-02\ncategory: Tree Care Tips\nfeatured: true",
    "content/blog/stump-grinding.md",
    "Grinding goes 6-12 inches below ground.",
  );

  it("has exactly the public fields, the date as ISO text", () => {
    expect(toPostJson(p)).toEqual({
      id: postId("stump-grinding"),
      slug: "stump-grinding",
      title: "Stump Grinding",
      metaDescription: "Grinding goes 6-12 inches below ground.",
      content: "Grinding goes 6-12 inches below ground.\n",
      html: "<p>Grinding goes 6-12 inches below ground.</p>\n",
      publishDate: "2025-04-02T00:00:00.000Z",
      category: "Tree Care Tips",
      author: "Cedar Ridge Tree Service",
      excerpt: "Grinding goes 6-12 inches below ground.",
      featured: true,
      readingMinutes: 1,
    });
  });

  it("summary leaves out the body; a missing category is null", () => {
    const summary = toPostSummary({ ...p, category: undefined });
    expect(Object.keys(summary).sort()).toEqual(
      ["author", "category", "excerpt", "featured", "id", "metaDescription", "publishDate", "readingMinutes", "slug", "title"],
    );
    expect(summary.category).toBeNull();
    expect(JSON.parse(JSON.stringify(toPostJson(p)))).toEqual(toPostJson(p));
  });
});
