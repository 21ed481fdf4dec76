// `npm run audit`: a production build (the same code as `npm run build`) into a temporary
// folder, served by the real site server (scripts/site-app.ts: security headers, CSP,
// compression) on a free loopback port, and Lighthouse's default mobile run over seven
// pages and the owner's desk's screens in one Chromium, the tests' (scripts/chromium-flags.ts).
// Prints a table; exits 1 when a score is under 100 or anything shifts (CLS above 0). Full
// reports are kept in .cache/audit/ to read after.
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { runBuild } from "./build-engine/run-build";
import { createContactFunction } from "../functions/contact/app";
import { createLimitedServer } from "../functions/http/server-limits";
import { categoryIds, deskAuditPages, pickAuditPages, type AuditPage } from "./audit/audit-pages";
import { signInToDesk } from "./audit/desk-sign-in";
import { addHeroPhotos } from "./audit/hero-photos";
import { deskRenderer } from "./build-engine/desk-bundle";
import { photoCache } from "./build-engine/photos";
import { PostPreviewer } from "./build-engine/post-preview";
import { loadSharp } from "./build-engine/sharp";
import { formatReport, judgePage, type PageVerdict } from "./audit/audit-report";
import { lighthouseResultSchema } from "./audit/lighthouse-result";
import { medianRun } from "./audit/median-run";
import { chromiumArgs, readyChromium } from "./chromium-flags";
import { createSiteApp } from "./site-app";
import { createFormPages } from "./contact-form-renderer";

// chrome-launcher starts a browser with a window unless told; --headless=new is a whole
// Chromium's (CHROMIUM_PATH) mode that renders like a visible one (the shipped one is headless only).
const chromeFlags = ["--headless=new", ...chromiumArgs];
const reportDir = resolve(".cache/audit");
// `npm run audit -- --runs 3`: each page three times, judged by its median run (for a busy machine).
const { values: args } = parseArgs({ options: { runs: { type: "string", default: "1" } } });
const runsPerPage = Number(args.runs);
if (!Number.isInteger(runsPerPage) || runsPerPage < 1) throw new Error(`--runs takes a whole number of runs per page, not "${args.runs}"`);

const work = await mkdtemp(join(tmpdir(), "site-audit-"));
const started = performance.now();
let exitCode = 1;
try {
  const distDir = join(work, "dist");
  // A copy of content/ in which a second service and a second town have a hero photo (scripts/audit/hero-photos.ts).
  const contentDir = join(work, "content");
  await cp(resolve("content"), contentDir, { recursive: true });
  const photoPages = await addHeroPhotos(contentDir);
  console.log("Building the site (production)…");
  const built = await runBuild({ root: process.cwd(), contentDir, outDir: distDir, mode: "production" });
  const pages = [...pickAuditPages(await readFile(join(distDir, "sitemap.xml"), "utf8")), ...photoPages, ...deskAuditPages];
  const formPages = await createFormPages(distDir, built.rendered);

  // The functions are mounted as npm start mounts them; their DATA_DIR is this run's own,
  // so the audit never touches the real messages. Lighthouse only loads pages (no posts); the
  // site's form pages are given as npm start gives them, since the booking page is rendered by
  // its function at request time (with the free times). The owner's desk is mounted
  // too, signed in to by its emailed code (an .eml file: no SMTP_URL); nothing is saved in it.
  const owner = "audit@example.com";
  // The desk's content sections (Posts, Our work, the site's pages) are mounted as npm start mounts them, with the
  // photo pipeline for their thumbnails; the preview is never asked for.
  const previewer = new PostPreviewer(distDir);
  const contact = await createContactFunction(
    { DATA_DIR: join(work, "data"), OWNER_EMAILS: owner },
    {
      contentDir,
      formPages: () => formPages,
      desk: {
        renderer: deskRenderer(process.cwd()),
        publish: async () => ({ ok: true }),
        posts: { renderer: previewer, ...photoCache(resolve(".cache", "photos")), loadSharp },
      },
    },
  );
  const server = createLimitedServer(createSiteApp({ distDir, contact: contact.app })).listen(0, "127.0.0.1");
  await new Promise((ok) => server.once("listening", ok));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("the audit server has no port");
  const { port } = address;

  // A fresh server answers its first request slowly (code still loading and compiling:
  // 500 ms and more for the home page here), and Lighthouse counts that wait into the first
  // paint. A live server has long been warm, so each page is fetched once first.
  const cookie = await signInToDesk(`http://127.0.0.1:${port}`, join(work, "data", "mail"), owner);
  const headersOf = (page: AuditPage): Record<string, string> => (page.signedIn ? { Cookie: cookie } : {});
  for (const page of pages) await (await fetch(`http://127.0.0.1:${port}${page.path}`, { headers: headersOf(page) })).arrayBuffer();

  const chrome = await launch({ chromePath: await readyChromium(), chromeFlags, logLevel: "silent" });
  const verdicts: PageVerdict[] = [];
  try {
    await mkdir(reportDir, { recursive: true });
    for (const page of pages) {
      const runs = [];
      for (let n = 0; n < runsPerPage; n++) runs.push(await audit(`http://127.0.0.1:${port}${page.path}`, chrome.port, page.judged ?? categoryIds, headersOf(page)));
      const result = medianRun(runs);
      await writeFile(join(reportDir, `${page.label}.json`), JSON.stringify(result.lhr, null, 1));
      // A desk page audited signed out would be the sign-in page scored under another name.
      const landed = new URL(result.lhr.finalDisplayedUrl).pathname;
      if (landed !== page.path) throw new Error(`${page.label}: Lighthouse ended at ${landed}, not ${page.path} (signed out?)`);
      verdicts.push(judgePage(page, result.parsed));
    }
  } finally {
    chrome.kill();
    server.closeAllConnections();
    await new Promise((ok) => server.close(ok));
    await contact.close();
    await previewer.close();
  }
  console.log(formatReport(verdicts));
  console.log(`Full reports: ${reportDir}/<page>.json (open in https://googlechrome.github.io/lighthouse/viewer/). ${Math.round((performance.now() - started) / 1000)} s.`);
  exitCode = verdicts.every((v) => v.passed) ? 0 : 1;
} finally {
  await rm(work, { recursive: true, force: true });
}
process.exit(exitCode);

/**
 * One Lighthouse run (default config: mobile, simulated throttling), run again when the
 * run itself failed: with this Chromium a trace now and then lacks its navigation
 * (NO_NAVSTART), which Lighthouse itself answers with "please run Lighthouse again".
 */
async function audit(url: string, chromePort: number, categories: readonly string[], extraHeaders: Record<string, string>, attempts = 3) {
  for (let attempt = 1; ; attempt++) {
    console.log(`Lighthouse: ${url}`);
    // No full-page screenshot: it is only for the report viewer and costs seconds a page.
    const run = await lighthouse(url, { port: chromePort, logLevel: "error", output: "json", onlyCategories: [...categories], disableFullPageScreenshot: true, extraHeaders });
    if (!run) throw new Error(`Lighthouse returned nothing for ${url}`);
    const parsed = lighthouseResultSchema.parse(run.lhr);
    if (!parsed.runtimeError || attempt === attempts) return { lhr: run.lhr, parsed };
    console.log(`  ${parsed.runtimeError.code}: running it again`);
  }
}
