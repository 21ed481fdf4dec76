import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyRepo, runNpm, type RepoCopy } from "../tests/repo-copy";
import { loadSite } from "../src/content/load-content";
import { parsePost } from "../src/content/posts";
import { businessDay } from "../src/format/business-time";
import { newPostText, slugFromTitle } from "./new-post-text";

// `npm run new-post -- "Storm Season Checklist"` as the README writes it, in a copy of the checkout.

let repo: RepoCopy;
beforeAll(async () => {
  repo = await copyRepo("new-post");
});
afterAll(() => repo?.remove());

async function newPost(...title: string[]) {
  const run = runNpm(["run", "new-post", "--", ...title], repo.dir);
  const code = await new Promise<number | null>((ok) => run.child.once("exit", ok));
  return { code, output: run.output() };
}

describe("npm run new-post", () => {
  it("writes a draft dated today in the business's time zone that the post parser accepts", async () => {
    const before = new Date();
    const { code, output } = await newPost("Storm Season Checklist");
    expect(code, output).toBe(0);
    expect(output).toContain("content/blog/storm-season-checklist.md");
    expect(output).toContain("http://127.0.0.1:3000/blog/storm-season-checklist");

    const site = await loadSite(join(repo.dir, "content"));
    const text = await readFile(join(repo.dir, "content", "blog", "storm-season-checklist.md"), "utf8");
    const post = parsePost("content/blog/storm-season-checklist.md", text, site);
    expect(post).toMatchObject({ title: "Storm Season Checklist", slug: "storm-season-checklist", draft: true });
    expect(site.blogCategories.map((c) => c.name)).toContain(post.category);
    expect(post.excerpt).toMatch(/replace this line/);
    expect([businessDay(before, site.timeZone), businessDay(new Date(), site.timeZone)]).toContain(post.publishDate.toISOString().slice(0, 10));
  }, 60_000);

  it("refuses to overwrite a post that exists", async () => {
    const file = join(repo.dir, "content", "blog", "storm-season-checklist.md");
    await writeFile(file, "my own words");
    const { code, output } = await newPost("Storm Season Checklist");
    expect(code).not.toBe(0);
    expect(output).toContain("content/blog/storm-season-checklist.md already exists: not overwritten");
    expect(await readFile(file, "utf8")).toBe("my own words");
  }, 60_000);

  it("asks for a title when none is given", async () => {
    const { code, output } = await newPost();
    expect(code).not.toBe(0);
    expect(output).toContain('npm run new-post -- "Storm Season Checklist"');
  }, 60_000);
});

describe("new post text", () => {
  it.each([
    ["Oaks: \"Why\" We Prune in February", "oaks-why-we-prune-in-february"],
    ["Crêpe Myrtle Care — Don't Murder It", "crepe-myrtle-care-dont-murder-it"],
  ])("keeps %s one title and gives slug %s", async (title, slug) => {
    expect(slugFromTitle(title)).toBe(slug);
    const site = await loadSite("content");
    const post = parsePost(`content/blog/${slug}.md`, newPostText(title, "2025-03-01", site.blogCategories), site);
    expect(post.title).toBe(title);
  });

  it("takes the date in the business's zone: 11 pm in Chapin is still that day", () => {
    expect(businessDay(new Date("2025-03-02T03:30:00Z"), "America/New_York")).toBe("2025-03-01");
  });
});
