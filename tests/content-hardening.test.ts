import { cp, mkdtemp, readFile, rm, stat, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runBuild } from "../scripts/build-engine/run-build";
import { FILE_PARSE_LIMIT_MS } from "../src/content/content-limits";

/**
 * Content that tries to run code, read files outside content/ or hang the build
 * (issue 8), each in its own copy of content/, built into one output folder: a
 * failed build leaves it as it was, and the bundles made by the first build are
 * reused, so each build here costs only the content work.
 */
const now = new Date("2026-01-01T12:00:00Z");
const root = process.cwd();
let work = "";
let out = "";

const post = (title: string, body = "A short body.") => `---\ntitle: ${title}\npublishDate: 2025-06-01\n---\n\n${body}\n`;
// Unmatched emphasis marks: the Markdown parser's (remark's micromark) time grows with the square
// of their number: 120 KB of `*a_` takes minutes, well past the build's 5 s deadline.
const slowMarkdown = "*a_".repeat(40_000);

async function contentCopy(name: string, edit: (dir: string) => Promise<void>): Promise<string> {
  const dir = join(work, name, "content");
  await cp(resolve("content"), dir, { recursive: true });
  await edit(dir);
  return dir;
}

const build = (contentDir: string) => runBuild({ root, contentDir, outDir: out, mode: "production", now, workers: 2 });

/** The build's error message and how long it took to fail. */
async function failedBuild(contentDir: string): Promise<{ message: string; seconds: number }> {
  const started = performance.now();
  const error = await build(contentDir).then(
    () => new Error("the build succeeded"),
    (err: unknown) => err,
  );
  const seconds = (performance.now() - started) / 1000;
  console.log(`${contentDir.split("/").at(-2)}: failed in ${seconds.toFixed(1)} s`);
  return { message: error instanceof Error ? error.message : String(error), seconds };
}

const exists = (file: string) => stat(file).then(() => true, () => false);

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "content-hardening-"));
  out = join(work, "dist");
  await build(await contentCopy("good", async () => {}));
}, 180_000);

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe("content never runs code", () => {
  it("refuses JavaScript front matter in a post without running it", async () => {
    const marker = join(work, "post-ran.txt");
    const dir = await contentCopy("js-post", async (d) => {
      const code = `{ title: (process.getBuiltinModule("fs").writeFileSync(${JSON.stringify(marker)}, "ran"), "Evil"), publishDate: "2025-06-01" }`;
      await writeFile(join(d, "blog", "evil.md"), `---js\n${code}\n---\n\nBody.\n`);
      await writeFile(join(d, "blog", "evil-too.md"), `---javascript\n${code}\n---\n\nBody.\n`);
    });
    const { message } = await failedBuild(dir);
    expect(message).toMatch(/blog\/evil\.md: front matter: must be YAML$/m);
    expect(message).toMatch(/blog\/evil-too\.md: front matter: must be YAML$/m);
    expect(await exists(marker)).toBe(false);
  });

  it("refuses JavaScript front matter in a service page without running it", async () => {
    const marker = join(work, "service-ran.txt");
    const dir = await contentCopy("js-service", async (d) => {
      const code = `{ title: (process.getBuiltinModule("fs").writeFileSync(${JSON.stringify(marker)}, "ran"), "Evil") }`;
      await writeFile(join(d, "services", "tree-removal.md"), `---js\n${code}\n---\n\nBody.\n`);
    });
    const { message } = await failedBuild(dir);
    expect(message).toMatch(/services\/tree-removal\.md: front matter: must be YAML$/m);
    expect(await exists(marker)).toBe(false);
  });
});

describe("content files resolve inside the content folder", () => {
  it("refuses a post that links to a file outside content/, and publishes nothing of it", async () => {
    const secret = join(work, "secret.md");
    await writeFile(secret, post("Leaked", "root:x:0:0:the system password file"));
    const dir = await contentCopy("linked-post", async (d) => symlink(secret, join(d, "blog", "leak.md")));
    const { message } = await failedBuild(dir);
    expect(message).toMatch(/blog\/leak\.md: \(file\): is a link to a file outside .*content\/; copy the file into .*content\/ instead$/m);
    expect(await readFile(join(out, "api", "blog.json"), "utf8")).not.toContain("root:x");
  });

  it("refuses a static file that links outside content/, and a linked home.json", async () => {
    await writeFile(join(work, "passwd"), "root:x:0:0\n");
    await writeFile(join(work, "home.json"), await readFile("content/home.json"));
    const dir = await contentCopy("linked-static", async (d) => {
      await symlink(join(work, "passwd"), join(d, "static", "passwd.txt"));
      await rm(join(d, "home.json"));
      await symlink(join(work, "home.json"), join(d, "home.json"));
    });
    const { message } = await failedBuild(dir);
    expect(message).toMatch(/content\/home\.json: \(file\): is a link to a file outside/);
    expect(await exists(join(out, "passwd.txt"))).toBe(false);

    await rm(join(dir, "home.json"));
    await cp(join(work, "home.json"), join(dir, "home.json"));
    expect((await failedBuild(dir)).message).toMatch(/static\/passwd\.txt: \(file\): is a link to a file outside/);
  });

  it("builds a post that links to another file inside content/", async () => {
    const dir = await contentCopy("linked-inside", async (d) => {
      await writeFile(join(d, "shared-post.md"), post("Shared Inside"));
      await symlink(join(d, "shared-post.md"), join(d, "blog", "shared-inside.md"));
    });
    await build(dir);
    expect(await readFile(join(out, "api", "blog", "shared-inside.json"), "utf8")).toContain("Shared Inside");
    // Back to the plain content for the tests after this one.
    await build(await contentCopy("good-again", async () => {}));
  }, 120_000);
});

describe("bounded work per file", () => {
  it("refuses a post over 1 MB, naming it and its size", async () => {
    const dir = await contentCopy("big-post", async (d) => writeFile(join(d, "blog", "huge.md"), post("Huge", "word ".repeat(240_000))));
    const { message } = await failedBuild(dir);
    expect(message).toMatch(/blog\/huge\.md: \(file\): is 1\.2 MB; a content file may be at most 1\.0 MB: split it into smaller files$/m);
  });

  it("stops a post that takes longer than the deadline to parse, and still reports the other files", async () => {
    const dir = await contentCopy("slow-post", async (d) => {
      await writeFile(join(d, "blog", "zz-a-slow.md"), post("Slow", slowMarkdown));
      // After the slow one in the same worker's share: reported only if the build goes on past it.
      await writeFile(join(d, "blog", "zz-b-untitled.md"), "---\npublishDate: 2025-06-01\n---\nBody\n");
    });
    const { message, seconds } = await failedBuild(dir);
    expect(message).toMatch(/blog\/zz-a-slow\.md: \(file\): took longer than 5 s to read; /);
    expect(message).toMatch(/blog\/zz-b-untitled\.md: title: is required$/m);
    expect(seconds).toBeGreaterThanOrEqual(FILE_PARSE_LIMIT_MS / 1000);
    expect(seconds).toBeLessThan(FILE_PARSE_LIMIT_MS / 1000 + 15);
  }, 60_000);

  it("stops a slow post while its worker has another batch of posts waiting, and names each problem once", async () => {
    // Posts go to the workers in batches of 200 (scripts/build-engine/content-readers.ts): the slow one opens the first
    // batch, and the third, with the untitled post, waits behind it in the same worker, ended with it.
    const dir = await contentCopy("slow-post-batches", async (d) => {
      await writeFile(join(d, "blog", "000-slow.md"), post("Slow", slowMarkdown));
      await Promise.all(Array.from({ length: 450 }, (_, i) => writeFile(join(d, "blog", `filler-${String(i).padStart(3, "0")}.md`), post(`Filler ${i}`))));
      await writeFile(join(d, "blog", "zz-untitled.md"), "---\npublishDate: 2025-06-01\n---\nBody\n");
    });
    const { message, seconds } = await failedBuild(dir);
    expect(message.match(/blog\/000-slow\.md: \(file\): took longer than 5 s to read; /gm)).toHaveLength(1);
    expect(message.match(/blog\/zz-untitled\.md: title: is required$/gm)).toHaveLength(1);
    expect(seconds).toBeLessThan(FILE_PARSE_LIMIT_MS / 1000 + 15);
  }, 60_000);

  it("stops a service page whose Markdown takes longer than the deadline", async () => {
    const dir = await contentCopy("slow-service", async (d) => {
      const file = join(d, "services", "tree-removal.md");
      const text = await readFile(file, "utf8");
      const end = text.indexOf("\n---", 3) + "\n---".length;
      await writeFile(file, `${text.slice(0, end)}\n\n${slowMarkdown}\n`);
    });
    const { message, seconds } = await failedBuild(dir);
    expect(message).toMatch(/services\/tree-removal\.md: \(file\): took longer than 5 s to read; /);
    expect(seconds).toBeLessThan(FILE_PARSE_LIMIT_MS / 1000 + 15);
  }, 60_000);
});
