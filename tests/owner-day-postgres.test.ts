import type { ChildProcess } from "node:child_process";
import { mkdtemp, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { connectBrowser, openPage, touchPhone, type WatchedPage } from "./chromium";
import { signInWithCode } from "./desk-browser";
import { freePort, recipeHere, startNginx, stopped, waitForUp } from "./nginx-process";
import {
  approveFirstPending,
  buildingPids,
  changeServiceHero,
  businessTimeIn,
  deleteAndUndo,
  expectAllMailed,
  expectAllStored,
  leftoverBuildFolders,
  markNewestHandled,
  watchAnswers,
  previewShows,
  saveBusinessPhone,
  schedulePost,
  startSite,
  statusOf,
  textOf,
  typeIntoText,
  writeAndPublishPost,
  type SiteProcess,
} from "./owner-day";
import { Answers, Readers, Visitors } from "../scripts/soak/traffic";
import { startCluster, type TestCluster } from "./postgres-cluster";
import { copyRepo, type RepoCopy } from "./repo-copy";
import { startSmtpPeer, waitFor, type SmtpPeer } from "./test-support";

// The owner's day (tests/owner-day.test.ts) on PostgreSQL with two instances behind nginx, as
// README "Several instances" runs them on one machine: ONE checkout (content/ and dist/ shared),
// two `npm start` (each serves the functions and the desk, each publishes with its own build
// session, both watch content/), one database, one DATA_DIR, nginx serving dist/ and sharing the
// functions and the desk out between the two in turn. A change saved through either instance
// is on the site and in both instances' own pages (the form pages, the preview); builds into the
// shared dist/ take turns (scripts/build-engine/output-lock.ts). One instance is restarted
// (SIGTERM) and one killed (SIGKILL) in the middle of a publish while the other serves.

const OWNER = "owner@example.com";
let repo: RepoCopy;
let mail: SmtpPeer;
let cluster: TestCluster;
let databaseUrl = "";
const sites: SiteProcess[] = [];
let nginx: ChildProcess;
let nginxUrl = "";
let work = "";
let browser: Browser;
const answers = new Answers();
let visitors: Visitors;
let readers: Readers;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "owner-day-pg-"));
  [repo, mail, cluster] = await Promise.all([copyRepo("owner-day-pg"), startSmtpPeer(), startCluster()]);
  databaseUrl = await cluster.createDatabase();
  const env = { DATABASE_URL: databaseUrl, DATA_DIR: join(repo.dir, "data"), SMTP_URL: mail.url, OWNER_EMAILS: OWNER, TRUST_PROXY: "127.0.0.1" };
  // Both at once, as systemd starts them: their first builds into dist/ take turns.
  sites.push(...(await Promise.all([startSite(repo, env), startSite(repo, env)])));
  const port = await freePort();
  const site = (await recipeHere(join(repo.dir, "dist")))
    .replace("listen 80;", `listen 127.0.0.1:${port};`)
    .replace("server 127.0.0.1:3001;", sites.map((s) => `server 127.0.0.1:${s.port};`).join("\n    "))
    // Every location that passes to the functions.
    .replace(/proxy_read_timeout (\d+s);/g, "proxy_read_timeout $1;\n        add_header X-Upstream $upstream_addr always;");
  nginx = await startNginx(work, site);
  nginxUrl = `http://127.0.0.1:${port}`;
  await waitForUp(nginxUrl);
  browser = await connectBrowser();
  // Through nginx, each from an address of its own (nginx writes X-Forwarded-For from the connection).
  visitors = new Visitors(() => [nginxUrl], answers, { everyMs: 1_000, addresses: 250, label: "pgday", from: "socket" });
  visitors.start();
  readers = new Readers(() => nginxUrl, answers, ["/", "/contact", "/blog", "/reviews", "/services"], 250);
  readers.start();
}, 300_000);

afterAll(async () => {
  await visitors?.stop();
  await readers?.stop();
  await browser?.close();
  await stopped(nginx, "SIGQUIT");
  await Promise.all(sites.map((s) => s.stop()));
  await mail?.close();
  await cluster?.remove();
  await repo?.remove();
  await rm(work, { recursive: true, force: true });
});

/** An instance's own answer to an invalid form post without JavaScript: the contact page it renders from its last build. */
const formPageOf = async (site: SiteProcess) =>
  (await fetch(`${site.baseUrl}/api/contact`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "name=&email=x" })).text();

it("holds through an owner's day on two instances behind nginx: each change on the site and in both instances, restarts and a kill of one while the other serves", async () => {
  const live = (path: string) => `${nginxUrl}${path}`;
  let phone: WatchedPage = await openPage(browser, { baseURL: nginxUrl, ...touchPhone });
  watchAnswers(phone.page, answers);
  const problems: string[] = [];
  const upstreams = new Set<string>();
  const noteUpstream = (response: { headers(): Record<string, string> }) => response.headers()["x-upstream"] && upstreams.add(response.headers()["x-upstream"] ?? "");
  phone.page.on("response", noteUpstream);
  /** When a 502 from nginx is the kill's: requests that were on their way to the killed instance. */
  let killWindow: { from: number; to: number } | undefined;
  try {
    const { page } = phone;
    await signInWithCode(page, mail);

    // Business details, saved through one instance: the site and BOTH instances' own pages have the new number.
    await saveBusinessPhone(page, "(803) 555-0143");
    expect(await textOf(live("/contact"))).toContain("(803) 555-0143");
    for (const s of sites) await expect.poll(() => formPageOf(s), { timeout: 60_000 }).toContain("(803) 555-0143");

    // A post with two photos (its parts shared out between the instances), previewed, published.
    const first = await writeAndPublishPost(page, "Lifting the canopy on Lake Murray", "We raised the live oak's canopy so the boat trailer clears it.");
    expect(await textOf(live(`/blog/${first}`))).toMatch(/<img[^>]+alt="Lifting the canopy on Lake Murray, after"/);

    // A service's hero photo, then the Photos library: every thumbnail loads (from the photo cache, whichever instance answers).
    const heroPage = await changeServiceHero(page, "Stump Removal & Grinding", "A freshly ground stump beside a lawn");
    expect(await textOf(live(heroPage))).toMatch(/<img[^>]+alt="A freshly ground stump beside a lawn"/);

    const when = businessTimeIn(3);
    const scheduled = await schedulePost(page, "Mulch rings done right", when);
    expect(await statusOf(live(`/blog/${scheduled}`))).toBe(404);

    await waitFor(() => visitors.accepted("review").length > 0 && visitors.accepted("contact").length > 0, 30_000, "a visitor's message and review");
    await markNewestHandled(page);
    const approved = await approveFirstPending(page);
    const approvedText = visitors.posts.find((p) => p.kind === "review" && p.token.includes(`-${approved.split(" ")[1]}-`))?.token ?? "";
    await expect.poll(() => textOf(live("/reviews")), { timeout: 90_000 }).toContain(approvedText);

    // One instance restarted (SIGTERM) while the other serves: the desk goes on meanwhile.
    const [a, b] = sites as [SiteProcess, SiteProcess];
    problems.push(...phone.problems);
    await a.stop();
    for (const path of ["/owner/messages", "/owner/reviews", `/owner/posts/edit/${first}`]) {
      await page.goto(path);
      await expect.poll(() => page.getByRole("heading", { level: 1 }).count()).toBe(1);
    }
    await previewShows(page, "Lifting the canopy on Lake Murray");
    await a.start();

    // The scheduled post's time comes: published (by both instances' timers, one build after the other).
    await expect.poll(() => statusOf(live(`/blog/${scheduled}`)), { timeout: Math.max(60_000, when.at.getTime() - Date.now() + 90_000), interval: 2_000 }).toBe(200);

    // SIGKILL in the middle of a publish: the instance whose build is under way is killed.
    await page.goto(`/owner/posts/edit/${first}`);
    await page.getByRole("toolbar", { name: "Formatting" }).waitFor();
    await page.getByLabel("Summary", { exact: true }).fill("Raised the canopy; the trailer clears it now.");
    problems.push(...phone.problems);
    const beforeKill = phone.problems.length;
    await page.getByRole("button", { name: "Publish" }).tap();
    let building: number | undefined;
    await waitFor(async () => (building = (await buildingPids(repo.dir))[0]) !== undefined, 60_000, "the publish's build to start");
    const victim = (await a.owns(building ?? 0)) ? a : b;
    killWindow = { from: Date.now(), to: Number.POSITIVE_INFINITY };
    await victim.kill();
    killWindow.to = Date.now() + 1_000;
    // The owner reloads: the other instance answers; the post is on the site.
    const signedIn = await page.context().storageState();
    // nginx answers 502 for the publish on its way to the killed instance (a POST is not sent
    // to the other one again), as the 5xx check below allows it: the phone logs that answer.
    problems.push(...phone.problems.slice(beforeKill).filter((p) => p !== "console error: Failed to load resource: the server responded with a status of 502 (Bad Gateway)"));
    await phone.close();
    phone = await openPage(browser, { baseURL: nginxUrl, ...touchPhone, storageState: signedIn });
    watchAnswers(phone.page, answers);
    phone.page.on("response", noteUpstream);
    const after = phone.page;
    await after.goto("/owner");
    await expect.poll(() => after.getByRole("heading", { level: 1 }).textContent()).toBe("Your desk");
    expect(await statusOf(live(`/blog/${first}`))).toBe(200);
    await victim.start();

    // Preview and publish again, through whichever instance nginx picks.
    await after.goto(`/owner/posts/edit/${first}`);
    await after.getByRole("toolbar", { name: "Formatting" }).waitFor();
    await typeIntoText(after, "so the boat trailer", " and the mower");
    await previewShows(after, "Lifting the canopy on Lake Murray");
    await after.getByRole("button", { name: "Publish" }).tap();
    await after.waitForURL(`**/owner/posts/edit/${first}`, { timeout: 90_000 });
    await expect.poll(() => textOf(live(`/blog/${first}`)), { timeout: 60_000 }).toContain("boat trailer and the mower clears it");

    // A deploy changes content/ from outside: both instances see it; the site has it.
    const content = join(repo.dir, "content");
    const service = (await readdir(join(content, "services"))).find((name) => name.endsWith(".md")) ?? "";
    const servicePath = join(content, "services", service);
    await writeFile(`${servicePath}.tmp`, `${await readFile(servicePath, "utf8")}\nDeployed note: we now grind stumps below grade.\n`);
    await rename(`${servicePath}.tmp`, servicePath);
    await writeFile(join(content, "blog", "from-the-deploy.md"), `---\ntitle: Storm season checklist\npublishDate: 2025-06-01\ncategory: Tree Care Tips\n---\n\nThree things to check before a storm.\n`);
    await expect.poll(() => statusOf(live("/blog/from-the-deploy")), { timeout: 60_000 }).toBe(200);
    const servicePage = `/services/${service.replace(/\.md$/, "")}`;
    await expect.poll(() => textOf(live(servicePage)), { timeout: 60_000 }).toContain("we now grind stumps below grade");

    await deleteAndUndo(after, scheduled, nginxUrl);
    for (const path of [`/blog/${first}`, `/blog/${scheduled}`, "/blog/from-the-deploy", servicePage, heroPage]) expect(await statusOf(live(path)), path).toBe(200);
    for (const s of sites) expect(await formPageOf(s)).toContain("(803) 555-0143");
    problems.push(...phone.problems);
  } finally {
    await phone.close();
  }

  await visitors.stop();
  await readers.stop();
  // Both instances answered the owner.
  expect([...upstreams].filter((u) => !u.includes(",")).sort()).toEqual(sites.map((s) => `127.0.0.1:${s.port}`).sort());
  // nginx answers 502 for what was on its way to the instance killed: nothing else is a 5xx.
  const window = killWindow;
  const killed = (a: { status: number; at: number }) => a.status === 502 && window !== undefined && a.at >= window.from && a.at <= window.to;
  expect(answers.seen.filter((a) => a.status >= 500 && !killed(a)).map((a) => `${a.who} ${a.method} ${a.url}: ${a.status}`)).toEqual([]);
  expect(readers.notOk()).toEqual([]);
  expect(problems.filter((p) => !/^request failed: .* net::ERR_(CONNECTION_REFUSED|CONNECTION_RESET|EMPTY_RESPONSE|ABORTED)$/.test(p))).toEqual([]);
  console.info(`owner's day (postgres): ${visitors.posts.length} visitor posts, ${visitors.accepted().length} accepted (201), ${readers.answers.length} page reads, ${answers.seen.length} answers noted`);
  await expectAllMailed(visitors, mail);
  await expectAllStored(visitors, { dataDir: join(repo.dir, "data"), databaseUrl });
  await expect.poll(() => leftoverBuildFolders(repo.dir), { timeout: 20_000 }).toEqual([]);
}, 900_000);
