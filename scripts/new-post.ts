// `npm run new-post -- "Storm Season Checklist"`: writes content/blog/storm-season-checklist.md
// as a draft dated today (the business's time zone, content/site.json), prints where it is and
// where to preview it, and never overwrites a post that exists.
import { mkdir, stat, writeFile } from "node:fs/promises";
import { join, relative, resolve } from "node:path";
import { formatProblem, isContentError } from "../src/content/content-error";
import { loadSite } from "../src/content/load-content";
import { businessDay } from "../src/format/business-time";
import { newPostText, slugFromTitle } from "./new-post-text";

const contentDir = resolve("content");
const title = process.argv.slice(2).join(" ").trim();
const slug = slugFromTitle(title);
if (!slug) {
  console.error('Give the post a title: npm run new-post -- "Storm Season Checklist"');
  process.exit(1);
}

let site: Awaited<ReturnType<typeof loadSite>>;
try {
  site = await loadSite(contentDir);
} catch (err) {
  console.error(isContentError(err) ? `Fix content/site.json first:\n${err.problems.map(formatProblem).join("\n")}` : err);
  process.exit(1);
}

const blogDir = join(contentDir, "blog");
const file = join(blogDir, `${slug}.md`);
// A post may also be a folder (content/blog/<slug>/index.md): the same address either way.
const taken = await firstExisting([file, join(blogDir, slug, "index.md")]);
if (taken) {
  console.error(`${relative(process.cwd(), taken)} already exists: not overwritten. Choose another title, or edit that file.`);
  process.exit(1);
}
await mkdir(blogDir, { recursive: true });
// "wx": fails rather than overwrite, even if the file appeared since the check above.
await writeFile(file, newPostText(title, businessDay(new Date(), site.timeZone), site.blogCategories), { flag: "wx" });

const host = process.env.HOST ?? "127.0.0.1";
const port = process.env.PORT ?? "3000";
console.log(`Wrote ${relative(process.cwd(), file)} (a draft dated today).`);
console.log(`Preview it: run npm run dev, then open http://${host}:${port}/blog/${slug}`);
console.log("To publish: delete the draft: true line, then npm run build (npm start publishes it by itself).");

async function firstExisting(files: string[]): Promise<string | undefined> {
  for (const f of files) if (await stat(f).then(() => true, () => false)) return f;
  return undefined;
}
