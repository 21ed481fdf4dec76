// `npm run dev [-- --content DIR --out DIR]`: builds with drafts into
// .cache/dev-dist (dist/ stays a production build), serves it with the
// functions, rebuilds on every change under the content folder and in the code
// it bundles (scripts/code-watch.ts), and reloads open pages or shows what to
// fix over them (scripts/dev-client/).
// PORT=0 picks a free port.
import { watch } from "node:fs";
import type { AddressInfo } from "node:net";
import { join, relative, resolve } from "node:path";
import { parseArgs } from "node:util";
import { BuildSession } from "./build-engine/build-session";
import { runBuild, serverDirName } from "./build-engine/run-build";
import { createContactFunction, type FormPages } from "../functions/contact/app";
import { createLimitedServer } from "../functions/http/server-limits";
import { serverStore } from "../functions/store/create-store";
import { approvedReviewsForBuild } from "./publish/approved-reviews";
import { formatProblem, isContentError } from "../src/content/content-error";
import { CodeWatch } from "./code-watch";
import { DevChannel } from "./dev-client/dev-channel";
import { createFormPages } from "./contact-form-renderer";
import { createSiteApp } from "./site-app";
import { deskRenderer } from "./build-engine/desk-bundle";
import { photoCache } from "./build-engine/photos";
import { PostPreviewer } from "./build-engine/post-preview";
import { loadSharp } from "./build-engine/sharp";
import type { PublishOutcome } from "../functions/desk/publish-outcome";

const { values: args } = parseArgs({ options: { content: { type: "string", default: "content" }, out: { type: "string", default: ".cache/dev-dist" } } });
const root = process.cwd();
const contentDir = resolve(args.content);
const distDir = resolve(args.out);
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "127.0.0.1";
const channel = new DevChannel();
// Workers and parsed posts kept between rebuilds: one edited post is rendered again, not the site.
const session = new BuildSession();
// Replaced after every rebuild, so an invalid no-JavaScript post gets the current contact page (plain pages until the first).
let formPages: FormPages | undefined;
// The desk's preview and checks of a post: the last good build's own parser and page.
const previewer = new PostPreviewer(distDir);
// The store first: the build shows its approved reviews, and the functions keep what visitors send in it.
// A database that cannot be reached yet is waited for: the site is served meanwhile, posts answered 503.
const store = await serverStore(process.env, { label: "" });

/** Whether it built, or what stopped it: a failed build leaves the last good one served. */
async function rebuild(reason: string): Promise<PublishOutcome> {
  const started = Date.now();
  try {
    const summary = await runBuild({ root, contentDir, outDir: distDir, mode: "development", session, approvedReviews: approvedReviewsForBuild(store) });
    // Pages first: the open browser reloads while the rest catches up.
    channel.rebuilt();
    formPages = await createFormPages(distDir, summary.rendered);
    previewer.update(summary.rendered);
    console.log(`${reason}: rebuilt in ${Date.now() - started} ms (${summary.totalPages - summary.reusedPages} of ${summary.totalPages} pages rendered)`);
    return { ok: true };
  } catch (err) {
    // Keep serving the last good build; the owner sees exactly what to fix, here and over the open page.
    const problems = isContentError(err) ? err.problems : [{ file: "(the code)", field: "(build)", problem: err instanceof Error ? err.message : String(err) }];
    console.error(`${reason}: build failed, still serving the last good build.\n${problems.map(formatProblem).join("\n")}\nFix the file and save it: the preview rebuilds by itself.`);
    channel.failed(problems);
    return { ok: false, problems };
  }
}

const startBuilt = (await rebuild("start")).ok;
const contact = await createContactFunction(process.env, {
  contentDir,
  distDir,
  store,
  formPages: () => formPages,
  // The desk is built again when its code changes; what it saves in content/ is rebuilt at once, in turn with the watcher's rebuilds.
  desk: {
    renderer: deskRenderer(root, { rebuildOnChange: true }),
    publish: (reason) => {
      const outcome = running.then(() => rebuild(reason));
      running = outcome.then((o) => code.update(o.ok));
      return outcome;
    },
    posts: {
      renderer: previewer,
      ...photoCache(join(root, ".cache", "photos")),
      loadSharp,
    },
  },
});
const site = createSiteApp({ distDir, contact: contact.app, before: [await channel.handler()], trustProxy: contact.trustProxy });
const server = createLimitedServer(site, { behindProxy: contact.trustProxy !== false }).listen(port, host, () => {
  const { port: bound } = server.address() as AddressInfo;
  console.log(`Dev server on http://${host}:${bound}/ (drafts shown)`);
});

// Changes come in bursts (an editor saves several files within a few milliseconds): one rebuild per burst, never two at once.
let timer: NodeJS.Timeout | undefined;
let running: Promise<void> = Promise.resolve();
const changed = (what: string) => {
  clearTimeout(timer);
  timer = setTimeout(() => {
    running = running.then(async () => code.update((await rebuild(`${relative(root, what)} changed`)).ok));
  }, 20);
};
watch(contentDir, { recursive: true }, (_event, file) => changed(join(contentDir, String(file ?? ""))));
// The code: the files the last good build bundled, wherever they are, as the bundle cache checks them.
const code = new CodeWatch(root, join(distDir, serverDirName), changed);
await code.update(startBuilt);
// An approved review is in the store, not under the watched folders: the store says when the approved ones change.
contact.onPublish(() => changed("the approved reviews"));
