// `npx tsx scripts/bench-desk.ts [POSTS] [RUNS]` (also part of `npm run bench`): the owner's
// desk writing a post among POSTS posts (default 4,000; ../shared/bench/gen-posts.mjs's), with
// the parts `npm start` gives it (Publisher with its BuildSession, the build's preview worker,
// the photo pipeline, the JSON-lines store):
//  - preview: the post's page rendered again after an edit (PostsDesk.preview: the build's
//    parser and renderer in their worker), the server's part of "keystroke pause to preview";
//  - publish: from pressing Publish on an edited post until the live site has it
//    (PostsDesk.save: checks, file, history, build and switch).
import { execFile } from "node:child_process";
import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { PostsDesk } from "../functions/desk/posts/posts-desk";
import { createFilePostsStore } from "../functions/store/files/posts-store";
import { BuildSession } from "./build-engine/build-session";
import { photoCache } from "./build-engine/photos";
import { PostPreviewer } from "./build-engine/post-preview";
import { loadSharp } from "./build-engine/sharp";
import { median } from "./bench-rebuild";
import { Publisher } from "./publish/publisher";
import { deskPath } from "../src/desk/desk-routes";

const root = path.resolve(import.meta.dirname, "..");
const benchDir = path.resolve(process.env.BENCH_DIR || path.join(root, "../shared/bench"));

export interface DeskFigures {
  posts: number;
  previewMs: number[];
  publishMs: number[];
}

export async function benchDesk(posts: number, runs: number, log: (line: string) => void = () => {}): Promise<DeskFigures> {
  const work = await mkdtemp(path.join(tmpdir(), "bench-desk-"));
  const session = new BuildSession();
  const content = path.join(work, "content");
  const dist = path.join(work, "dist");
  const previewer = new PostPreviewer(dist);
  const publisher = new Publisher({
    root,
    contentDir: content,
    distDir: dist,
    session,
    onPublished: (summary) => previewer.update(summary.rendered),
    onFailed: (problems) => log(`publish failed: ${JSON.stringify(problems)}`),
  });
  const store = createFilePostsStore(path.join(work, "data"));
  try {
    await cp(path.join(root, "content"), content, { recursive: true });
    await rm(path.join(content, "blog"), { recursive: true, force: true });
    await promisify(execFile)(process.execPath, [path.join(benchDir, "gen-posts.mjs"), String(posts), path.join(content, "blog")]);
    log(`desk: first build of ${posts} posts...`);
    await publisher.publish("start");
    const desk = new PostsDesk({
      contentDir: content,
      store,
      renderer: previewer,
      ...photoCache(path.join(root, ".cache", "photos")),
      loadSharp,
      publish: (reason) => publisher.publish(reason),
      photoUrlPrefix: `${deskPath.postPhoto}/`,
    });
    const opened = await desk.open("post-5");
    if (!opened) throw new Error("bench-desk: post-5 is missing");
    let form = opened.form;
    const previewMs: number[] = [];
    // The first preview starts the worker and loads the bundle: not what a keystroke costs.
    await desk.preview(form);
    for (let i = 0; i < Math.max(runs, 5); i++) {
      const typed = { ...form, text: `${form.text.trimEnd()} Typed ${i}.\n` };
      const started = performance.now();
      const { html } = await desk.preview(typed);
      previewMs.push(performance.now() - started);
      if (!html?.includes(`Typed ${i}.`)) throw new Error("bench-desk: the preview does not show the edit");
    }
    log(`desk preview: ${previewMs.map((ms) => ms.toFixed(0)).join(", ")} ms`);
    const publishMs: number[] = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      const saved = await desk.save({ ...form, text: `${form.text.trimEnd()} Published ${i}.\n` }, "publish");
      publishMs.push(performance.now() - started);
      if (!saved.ok) throw new Error(`bench-desk: publish refused: ${JSON.stringify(saved)}`);
      form = saved.opened.form;
      log(`desk publish ${i + 1}/${runs}: ${publishMs.at(-1)?.toFixed(0)} ms`);
    }
    return { posts, previewMs, publishMs };
  } finally {
    await publisher.stop();
    await session.close();
    await previewer.close();
    await store.close();
    await rm(work, { recursive: true, force: true });
  }
}

export const describeDesk = (f: DeskFigures): string[] => [
  `  preview of an edited post among ${f.posts.toLocaleString("en-US")} (the build's parser and renderer in their worker): median ${median(f.previewMs).toFixed(0)} ms (runs: ${f.previewMs.map((ms) => ms.toFixed(0)).join(", ")})`,
  `  Publish pressed until the live site has it: median ${median(f.publishMs).toFixed(0)} ms (runs: ${f.publishMs.map((ms) => ms.toFixed(0)).join(", ")})`,
];

if (import.meta.filename === process.argv[1]) {
  const [posts = "4000", runs = "5"] = process.argv.slice(2);
  const figures = await benchDesk(Number(posts), Number(runs), (line) => console.error(line));
  console.log(describeDesk(figures).join("\n"));
}
