import { cp, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PostPreviewer } from "./post-preview";
import { runBuild } from "./run-build";

// The desk's preview is the build's own page: the published page of a post, rendered again
// from its file by the preview, differs from the built one only by the scripts it leaves out.

const root = join(import.meta.dirname, "..", "..");
let work: string;
let previewer: PostPreviewer;
let rendered: Awaited<ReturnType<typeof runBuild>>["rendered"];
const slug = "when-to-prune-oaks-in-the-midlands";
const file = () => relative(process.cwd(), join(work, "content", "blog", `${slug}.md`));

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "post-preview-"));
  await cp(join(root, "content"), join(work, "content"), { recursive: true });
  const result = await runBuild({ root, contentDir: join(work, "content"), outDir: join(work, "dist"), mode: "production", now: new Date("2026-01-01T00:00:00Z") });
  rendered = result.rendered;
  // The build's own limit (5 s): a busy machine's first parse in a fresh worker is slow.
  previewer = new PostPreviewer(join(work, "dist"));
  previewer.update(rendered);
}, 120_000);
afterAll(async () => {
  await previewer?.close();
  await rm(work, { recursive: true, force: true });
});

const withoutScripts = (html: string) => html.replace(/<script type="module"[^>]*><\/script>/g, "").replace(/<link rel="modulepreload"[^>]*>/g, "");

describe("the desk's post preview", () => {
  it("is the published page, without its scripts", async () => {
    const text = await readFile(join(work, "content", "blog", `${slug}.md`), "utf8");
    const published = await readFile(join(work, "dist", "blog", slug, "index.html"), "utf8");
    const { problems, html, post } = await previewer.preview(file(), text, {});
    expect(problems).toEqual([]);
    expect(post).toMatchObject({ slug, draft: false, title: "When to Prune Oaks in the Midlands (and Why Late Winter Wins)" });
    expect(html).not.toContain("<script type=\"module\"");
    expect(html).toBe(withoutScripts(published));
  });

  it("shows a draft as it will be published, and says what the build would refuse in its words", async () => {
    const draft = await previewer.preview(file(), "---\ntitle: Fall Cleanup\npublishDate: 2025-10-20\ndraft: true\n---\n\nRake **early**.\n", {});
    expect(draft.html).toContain("<strong>early</strong>");
    expect(draft.html).not.toMatch(/>Draft</);
    const problem = async (text: string) => (await previewer.check(file(), text, {})).problems.map((p) => `${p.field}: ${p.problem}`);
    expect(await problem("---\ntitle: Fall Cleanup\npublishDate: 2025-02-30\n---\n\nText.\n")).toEqual([
      "publishDate: 2025-02-30 is not a real date (February has 28 days in 2025); write it like 2025-02-28",
    ]);
    expect(await problem("---\ntitle: Fall Cleanup\npublishDate: 2025-02-03\ncategory: Nope\n---\n\n![](./missing.jpg)\n")).toEqual([expect.stringMatching(/^category: /)]);
    expect(await problem("---\ntitle: Fall Cleanup\npublishDate: 2025-02-03\n---\n\n![An oak](./missing.jpg)\n")).toEqual([expect.stringMatching(/^photo \.\/missing\.jpg: is not there/)]);
  });

  it("gives up on a post that takes the parser longer than the build allows, and goes on", async () => {
    // A limit of 200 ms here, for a test that does not wait 5 s; said in the build's words all the same.
    const strict = new PostPreviewer(join(work, "dist"), 200);
    strict.update(rendered);
    try {
      const slow = `---\ntitle: Slow\npublishDate: 2025-10-20\n---\n\n${"[".repeat(400_000)}\n`;
      const started = performance.now();
      const { problems } = await strict.check(file(), slow, {});
      expect(problems).toEqual([expect.objectContaining({ field: "(file)", problem: expect.stringMatching(/^took longer than 5 s to read/) })]);
      expect(performance.now() - started).toBeLessThan(3000);
      expect((await strict.check(file(), "---\ntitle: Quick\npublishDate: 2025-10-20\n---\n\nText.\n", {})).post?.title).toBe("Quick");
    } finally {
      await strict.close();
    }
  });
});
