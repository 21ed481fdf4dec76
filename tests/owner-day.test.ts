import { readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { connectBrowser, openPage, touchPhone, type WatchedPage } from "./chromium";
import { signInWithCode } from "./desk-browser";
import {
  approveFirstPending,
  businessTimeIn,
  changeServiceHero,
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
import { groupFigures } from "../scripts/soak/process-figures";
import { Answers, Readers, Visitors } from "../scripts/soak/traffic";
import { installedPath, jemalloc } from "../scripts/test-parts";
import { copyRepo, type RepoCopy } from "./repo-copy";
import { startSmtpPeer, waitFor, type SmtpPeer } from "./test-support";

// Test a day, not an action (issue 36): ONE `npm start` (files store) in a fresh copy of the
// checkout, through an owner's day on a 390 px touch phone, while visitors post the contact
// and review forms at a steady rate from many addresses. The server is restarted (SIGTERM),
// and once killed (SIGKILL) in the middle of a publish; content/ also changes from outside,
// as a git deploy changes it. At the end: no 5xx anywhere, every action's result on the live
// site, every accepted post stored and mailed.

const OWNER = "owner@example.com";
let repo: RepoCopy;
let mail: SmtpPeer;
let site: SiteProcess;
let browser: Browser;
const answers = new Answers();
let visitors: Visitors;
let readers: Readers;

beforeAll(async () => {
  [repo, mail] = await Promise.all([copyRepo("owner-day"), startSmtpPeer()]);
  // TRUST_PROXY: the visitors' X-Forwarded-For is their address (each its own rate limit), as behind nginx.
  site = await startSite(repo, { DATA_DIR: join(repo.dir, "data"), SMTP_URL: mail.url, OWNER_EMAILS: OWNER, TRUST_PROXY: "127.0.0.1" });
  browser = await connectBrowser();
  visitors = new Visitors(() => [site.baseUrl], answers, { everyMs: 1_000, addresses: 250, label: "day", from: "forwarded" });
  visitors.start();
  readers = new Readers(() => site.baseUrl, answers, ["/", "/contact", "/blog", "/reviews", "/services"], 250);
  readers.start();
}, 300_000);

afterAll(async () => {
  await visitors?.stop();
  await readers?.stop();
  await browser?.close();
  await site?.stop();
  await mail?.close();
  await repo?.remove();
});

it("runs the server with jemalloc, as npm start starts it (glibc's malloc kept the day's freed memory: docs/performance.md)", async () => {
  installedPath(jemalloc);
  const group = site.running()?.child.pid ?? 0;
  // The node processes the script started: tsx's and the server's ("npm start" and its shell came before it).
  const servers = (await groupFigures(group)).filter((p) => /^(\S*\/)?node /.test(p.command));
  expect(servers.length).toBeGreaterThanOrEqual(2);
  for (const { pid } of servers) expect(await readFile(`/proc/${pid}/maps`, "utf8")).toContain("/libjemalloc.so.2");
});

it("holds through an owner's day: details, posts with photos, a schedule, messages, reviews, restarts, a kill mid-publish, a deploy, an undo", async () => {
  const live = (path: string) => `${site.baseUrl}${path}`;
  let phone: WatchedPage = await openPage(browser, { baseURL: site.baseUrl, ...touchPhone });
  watchAnswers(phone.page, answers);
  const { page } = phone;
  const problems: string[] = [];
  try {
    // Morning: sign in with the emailed code.
    await signInWithCode(page, mail);

    // Business details: the new phone number is on every page (the rebuild writes a whole new folder).
    await saveBusinessPhone(page, "(803) 555-0143");
    expect(await textOf(live("/contact"))).toContain("(803) 555-0143");

    // A post with two photos, previewed and published: after the details' rebuild (the preview answered 500 then).
    const first = await writeAndPublishPost(page, "Lifting the canopy on Lake Murray", "We raised the live oak's canopy so the boat trailer clears it.");
    const article = await textOf(live(`/blog/${first}`));
    expect(article).toMatch(/<img[^>]+alt="Lifting the canopy on Lake Murray, before"/);
    expect(article).toMatch(/<img[^>]+alt="Lifting the canopy on Lake Murray, after"/);
    expect(((await (await fetch(live("/api/blog"))).json()) as { slug: string }[]).map((p) => p.slug)).toContain(first);

    // A service's hero photo, then the Photos library: every thumbnail loads (from the photo cache, whichever instance answers).
    const heroPage = await changeServiceHero(page, "Stump Removal & Grinding", "A freshly ground stump beside a lawn");
    expect(await textOf(live(heroPage))).toMatch(/<img[^>]+alt="A freshly ground stump beside a lawn"/);

    // Another, scheduled a few minutes ahead: not on the site until its time, which comes after a restart.
    const when = businessTimeIn(3);
    const scheduled = await schedulePost(page, "Mulch rings done right", when);
    expect(await statusOf(live(`/blog/${scheduled}`))).toBe(404);

    // Messages and reviews from the visitors posting meanwhile.
    await waitFor(() => visitors.accepted("review").length > 0 && visitors.accepted("contact").length > 0, 30_000, "a visitor's message and review");
    await markNewestHandled(page);
    const approved = await approveFirstPending(page);
    const approvedText = visitors.posts.find((p) => p.kind === "review" && p.token.includes(`-${approved.split(" ")[1]}-`))?.token ?? "";
    await expect.poll(() => textOf(live("/reviews")), { timeout: 90_000 }).toContain(approvedText);

    // A restart (SIGTERM, as systemd and a deploy do): still signed in, everything still there.
    problems.push(...phone.problems);
    await site.stop();
    await site.start();
    await page.goto("/owner");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Your desk");
    expect(await statusOf(live(`/blog/${first}`))).toBe(200);
    expect(await textOf(live("/reviews"))).toContain(approvedText);

    // The scheduled post's time comes: the restarted server publishes it with nobody touching anything.
    await expect.poll(() => statusOf(live(`/blog/${scheduled}`)), { timeout: Math.max(60_000, when.at.getTime() - Date.now() + 90_000), interval: 2_000 }).toBe(200);

    // Killed (SIGKILL) in the middle of a publish: the file is written, the build under way.
    await page.goto(`/owner/posts/edit/${first}`);
    await page.getByRole("toolbar", { name: "Formatting" }).waitFor();
    await page.getByLabel("Summary", { exact: true }).fill("Raised the canopy; the trailer clears it now.");
    const stagingBefore = new Set(await leftoverBuildFolders(repo.dir));
    problems.push(...phone.problems);
    await page.getByRole("button", { name: "Publish" }).tap();
    await waitFor(async () => (await leftoverBuildFolders(repo.dir)).some((name) => !stagingBefore.has(name)), 60_000, "the publish's build to start");
    await site.kill();
    // The phone saw its request fail: a new page after the restart, as the owner would reload.
    const signedIn = await page.context().storageState();
    await phone.close();
    await site.start();
    phone = await openPage(browser, { baseURL: site.baseUrl, ...touchPhone, storageState: signedIn });
    watchAnswers(phone.page, answers);
    const after = phone.page;
    await after.goto("/owner");
    if ((await after.getByRole("heading", { level: 1 }).textContent()) !== "Your desk") await signInWithCode(after, mail);
    expect(await statusOf(live("/"))).toBe(200);
    expect(await statusOf(live(`/blog/${first}`))).toBe(200);

    // Preview and publish again after the kill.
    await after.goto(`/owner/posts/edit/${first}`);
    await after.getByRole("toolbar", { name: "Formatting" }).waitFor();
    await typeIntoText(after, "so the boat trailer", " and the mower");
    await previewShows(after, "Lifting the canopy on Lake Murray");
    await after.getByRole("button", { name: "Publish" }).tap();
    await after.waitForURL(`**/owner/posts/edit/${first}`, { timeout: 90_000 });
    await expect.poll(() => textOf(live(`/blog/${first}`)), { timeout: 60_000 }).toContain("boat trailer and the mower clears it");
    expect(await textOf(live(`/blog/${first}`))).toContain("Raised the canopy; the trailer clears it now.");

    // A deploy changes content/ from outside (git replaces files): a new post and a service's words.
    const content = join(repo.dir, "content");
    const service = (await readdir(join(content, "services"))).find((name) => name.endsWith(".md")) ?? "";
    const servicePath = join(content, "services", service);
    const deployed = `${await readFile(servicePath, "utf8")}\nDeployed note: we now grind stumps below grade.\n`;
    await writeFile(`${servicePath}.tmp`, deployed);
    await rename(`${servicePath}.tmp`, servicePath);
    await rm(join(content, "blog", "from-the-deploy.md"), { force: true });
    await writeFile(join(content, "blog", "from-the-deploy.md"), `---\ntitle: Storm season checklist\npublishDate: 2025-06-01\ncategory: Tree Care Tips\n---\n\nThree things to check before a storm.\n`);
    await expect.poll(() => statusOf(live("/blog/from-the-deploy")), { timeout: 60_000 }).toBe(200);
    const servicePage = `/services/${service.replace(/\.md$/, "")}`;
    await expect.poll(() => textOf(live(servicePage)), { timeout: 60_000 }).toContain("we now grind stumps below grade");

    // A post deleted, and brought back with Undo.
    await deleteAndUndo(after, scheduled, site.baseUrl);

    // One more restart (SIGTERM): the day's results are all still on the site.
    problems.push(...phone.problems);
    await site.stop();
    await site.start();
    for (const path of [`/blog/${first}`, `/blog/${scheduled}`, "/blog/from-the-deploy", servicePage, heroPage]) expect(await statusOf(live(path)), path).toBe(200);
    expect(await textOf(live("/contact"))).toContain("(803) 555-0143");
    expect(await textOf(live("/reviews"))).toContain(approvedText);
    await after.goto(`/owner/posts/edit/${first}`);
    await previewShows(after, "Lifting the canopy on Lake Murray");
    problems.push(...phone.problems);
  } finally {
    await phone.close();
  }

  await visitors.stop();
  await readers.stop();
  expect(answers.serverErrors()).toEqual([]);
  // Visitors reading pages all day: every page answered whole, through every build and swap.
  expect(readers.notOk()).toEqual([]);
  // Requests the restarts and the kill cut off are theirs; nothing else may fail in the browser.
  expect(problems.filter((p) => !/^request failed: .* net::ERR_(CONNECTION_REFUSED|CONNECTION_RESET|EMPTY_RESPONSE|ABORTED)$/.test(p))).toEqual([]);
  console.info(`owner's day (files): ${visitors.posts.length} visitor posts, ${visitors.accepted().length} accepted (201), ${readers.answers.length} page reads, ${answers.seen.length} answers noted`);
  await expectAllMailed(visitors, mail);
  // The files store is one process's: read once the server stopped.
  await site.stop();
  await expectAllStored(visitors, { dataDir: join(repo.dir, "data") });
  // A build killed mid-way leaves nothing behind once the next one ran.
  await expect.poll(() => leftoverBuildFolders(repo.dir), { timeout: 20_000 }).toEqual([]);
}, 900_000);
