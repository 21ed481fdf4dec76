// `npm start`: builds the site, then serves dist/ and the functions in one process,
// and keeps publishing: changes under content/ and scheduled posts (scripts/publish/).
import { existsSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { join, resolve } from "node:path";
import { BuildSession } from "./build-engine/build-session";
import { runBuild, type BuildResult } from "./build-engine/run-build";
import { formatPostNews, formatSummary } from "./build-engine/summary";
import { createContactFunction, type FormPages } from "../functions/contact/app";
import { createLimitedServer } from "../functions/http/server-limits";
import { serverStore } from "../functions/store/create-store";
import { formatProblem, isContentError, type ContentProblem } from "../src/content/content-error";
import type { Site } from "../src/content/site";
import { createFormPages } from "./contact-form-renderer";
import { approvedReviewsForBuild } from "./publish/approved-reviews";
import { createProblemMailer } from "./publish/problem-mail";
import { Publisher } from "./publish/publisher";
import { watchContent } from "./publish/watch-content";
import { createSiteApp } from "./site-app";
import { deskRenderer } from "./build-engine/desk-bundle";
import { photoCache } from "./build-engine/photos";
import { PostPreviewer } from "./build-engine/post-preview";
import { loadSharp } from "./build-engine/sharp";

const root = process.cwd();
const contentDir = resolve("content");
const distDir = resolve("dist");
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "127.0.0.1";
// Workers and parsed posts kept from the first build to every publish: one changed post is rendered again, not the site.
const session = new BuildSession();
// The store first: the build shows its approved reviews, and the functions keep what visitors send in it.
// A database that cannot be reached yet is waited for: the site is served meanwhile, posts answered 503.
const store = await serverStore(process.env, { label: "" });
const approvedReviews = approvedReviewsForBuild(store);

const first = await buildAtStart();
// Replaced after every publish, so an invalid no-JavaScript post gets the current contact page.
// None while the site served is an older build (a restart on broken content): then plain pages.
let formPages: FormPages | undefined = first.summary && (await createFormPages(distDir, first.summary.rendered));
// The owner's desk (/owner) publishes what it changes in content/ through the same publisher as the watcher.
let publisher: Publisher | undefined;
const desk = deskRenderer(root);
// The desk's preview and checks of a post: the last published build's own parser and page.
const previewer = new PostPreviewer(distDir);
if (first.summary) previewer.update(first.summary.rendered);
const contact = await createContactFunction(process.env, {
  contentDir,
  distDir,
  store,
  formPages: () => formPages,
  desk: {
    renderer: desk,
    publish: (reason) => publisher?.publish(reason) ?? Promise.resolve({ ok: false, problems: [{ file: "(the server)", field: "(start)", problem: "still starting: save again in a moment" }] }),
    posts: {
      renderer: previewer,
      ...photoCache(join(root, ".cache", "photos")),
      loadSharp,
    },
  },
});
warnWhenMailIsOnlySaved(contact.dataDir);
const stopPublishing = startPublishing(contact.site, first);
const app = createSiteApp({ distDir, contact: contact.app, trustProxy: contact.trustProxy });
const server = createLimitedServer(app, { behindProxy: contact.trustProxy !== false }).listen(port, host, () => {
  // PORT=0 asks for any free port; print the one we got.
  const { port: bound } = server.address() as AddressInfo;
  console.log(`Serving http://${host}:${bound}/ (contact messages in ${store.description}; publishing changes under content/ as they are saved)`);
  // Made now rather than at the owner's first visit; a failure is logged, and tried again at that visit.
  desk().catch((error: unknown) => console.error("The owner's desk could not be built:", error));
});

/**
 * The first build. When it fails but an earlier dist/ exists, that site is served
 * (a broken file must not take the site down on a restart) and the problem is
 * reported like any later one; with nothing to serve, npm start stops.
 */
async function buildAtStart(): Promise<{ summary?: BuildResult; problems?: ContentProblem[] }> {
  try {
    const summary = await runBuild({ root, contentDir, outDir: distDir, mode: "production", session, approvedReviews });
    console.log(formatSummary(summary));
    return { summary };
  } catch (err) {
    if (!isContentError(err)) {
      console.error(err);
      process.exit(1);
    }
    if (!existsSync(join(distDir, "index.html"))) {
      console.error(`Build failed:\n${err.message}`);
      process.exit(1);
    }
    return { problems: err.problems };
  }
}

/** Watches content/ and the clock of scheduled posts; returns how to stop both. */
function startPublishing(site: Site, start: { summary?: BuildResult; problems?: ContentProblem[] }): () => Promise<void> {
  const problemMailer = createProblemMailer(process.env, site);
  const reportProblems = async (problems: ContentProblem[], reason: string) => {
    console.error(`${reason}: NOT published; the live site is unchanged. Fix this and save the file:\n${problems.map(formatProblem).join("\n")}`);
    await problemMailer?.notify(problems);
  };
  const live = new Publisher({
    root,
    contentDir,
    distDir,
    session,
    approvedReviews,
    async onPublished(summary, reason, ms) {
      formPages = await createFormPages(distDir, summary.rendered);
      previewer.update(summary.rendered);
      const changed = summary.totalPages - summary.reusedPages;
      console.log([`${reason}: published in ${Math.round(ms)} ms (${changed} of ${summary.totalPages} pages changed)`, ...formatPostNews(summary.posts)].join("\n"));
    },
    onFailed: reportProblems,
  });
  publisher = live;
  if (start.problems) void reportProblems(start.problems, "start");
  live.schedule(start.summary?.posts.nextPublishAt);
  const unwatch = watchContent(contentDir, (file) => void live.publish(`${file} changed`));
  // An approved review is in the store, not content/: the store says when the approved ones change.
  contact.onPublish(() => void live.publish("review approved or taken down"));
  return async () => {
    unwatch();
    await live.stop();
    await session.close();
    await previewer.close();
    problemMailer?.close();
  };
}

/** Without SMTP_URL nothing is emailed: say so where the owner looks, every start. */
function warnWhenMailIsOnlySaved(dataDir: string) {
  if (process.env.SMTP_URL) return;
  console.warn(
    [
      "WARNING: SMTP_URL is not set, so contact messages are NOT emailed to anyone.",
      `  Each message is saved in ${process.env.DATABASE_URL ? "the database (DATABASE_URL)" : join(dataDir, "submissions.jsonl")} and as an email file in ${join(dataDir, "mail")}/.`,
      "  Read them with: npm run submissions",
      "  Sign-in codes for the owner's desk (/owner) are not emailed either: npm run owner -- link prints a sign-in link.",
      '  To receive them by email, set SMTP_URL (README, "Contact messages and reviews").',
    ].join("\n"),
  );
}

const stop = () => {
  server.close(async () => {
    await stopPublishing();
    await contact.close();
    await store.close();
    process.exit(0);
  });
  // Keep-alive connections would hold close() open until they time out.
  server.closeIdleConnections();
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
