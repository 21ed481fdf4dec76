// The owner's day (tests/owner-day.test.ts on one `npm start` with files, and
// tests/owner-day-postgres.test.ts on two behind nginx with PostgreSQL): what both need.
// - `startSite`: `npm start` as the README writes it in a copy of the checkout, on a port
//   of its own that it keeps across restarts (SIGTERM, or SIGKILL of the whole process group).
// - `Visitors`: homeowners posting the contact and review forms at a steady rate in the
//   background, each post from one of many addresses (X-Forwarded-For, for a server that
//   trusts the proxy), every answer noted.
// - `Answers`: every HTTP status the browser and the visitors saw, to find any 5xx.
// - the desk's steps as the owner takes them on a 390 px touch phone.
import { readdir, readFile } from "node:fs/promises";
import type { Page, Response } from "playwright-core";
import type { Answers, Visitors } from "../scripts/soak/traffic";
import { expect } from "vitest";
import { createStore } from "../functions/store/create-store";
import { addPhotos, photo, postMarkdown, postText, putCursor } from "./desk-browser";
import { freePort } from "./nginx-process";
import { runNpm, type RepoCopy, type RunningCommand } from "./repo-copy";
import { parseMail, recordingLogger, waitFor, type SmtpPeer } from "./test-support";

export { businessTimeIn } from "../scripts/soak/desk-http";

/** One `npm start` in `repo`, on one port across restarts. */
export interface SiteProcess {
  baseUrl: string;
  port: number;
  /** Everything every start printed, in order. */
  output(): string;
  start(): Promise<void>;
  /** SIGTERM, as systemd stops it; resolves once it exited. */
  stop(): Promise<void>;
  /** SIGKILL to npm and everything under it, as a crash or an OOM kill would. */
  kill(): Promise<void>;
  /** The npm command running now, if any. */
  running(): RunningCommand | undefined;
  /** Whether process `pid` is one of this server's (in its npm's process group). */
  owns(pid: number): Promise<boolean>;
}

export async function startSite(repo: RepoCopy, env: Record<string, string>): Promise<SiteProcess> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let current: RunningCommand | undefined;
  let earlier = "";
  const site: SiteProcess = {
    baseUrl,
    port,
    output: () => earlier + (current?.output() ?? ""),
    running: () => current,
    async owns(pid) {
      const group = current?.child.pid;
      // /proc/PID/stat: "pid (comm) state ppid pgrp ..."; comm may hold spaces, so read after its ")".
      const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => "");
      return group !== undefined && Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]) === group;
    },
    async start() {
      earlier += current?.output() ?? "";
      current = runNpm(["start"], repo.dir, { PORT: String(port), ...env });
      await current.waitFor(/Serving http:\/\/\S+ /, 240_000);
    },
    async stop() {
      await current?.stop();
    },
    async kill() {
      const child = current?.child;
      if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((ok) => child.once("exit", ok));
      process.kill(-child.pid, "SIGKILL");
      await exited;
      // The group's other processes (tsx's node) go with it: wait until the port is free again.
      await waitFor(async () => !(await fetch(baseUrl).then(() => true, () => false)), 15_000, "the killed server to be gone");
    },
  };
  await site.start();
  return site;
}

/** Notes every response the page gets (documents, scripts, fetches, the preview) in `answers`. */
export function watchAnswers(page: Page, answers: Answers, who = "browser"): void {
  page.on("response", (response: Response) => answers.note(who, response.request().method(), response.url(), response.status()));
}

/** The HTTP status of a page of the site. */
export const statusOf = async (url: string): Promise<number> => (await fetch(url)).status;
export const textOf = async (url: string): Promise<string> => (await fetch(url)).text();

/** The visitors' words (VisitorPost.token) in every email the peer received, read once each. */
function mailedTokens(mail: SmtpPeer, seen: { read: number; tokens: Set<string> }): Set<string> {
  for (; seen.read < mail.received.length; seen.read++) {
    const { text, html } = parseMail(mail.received[seen.read]?.raw ?? "");
    for (const token of `${text}\n${html}`.match(/\b[a-z]+-(?:contact|review)-\d+-[a-z0-9]+\b/g) ?? []) seen.tokens.add(token);
  }
  return seen.tokens;
}

/** Nothing lost, mail: every post answered 201 was mailed to the SMTP peer (after restarts a job may wait for its sender's next look). */
export async function expectAllMailed(visitors: Visitors, mail: SmtpPeer, timeoutMs = 120_000): Promise<void> {
  const accepted = visitors.accepted();
  expect(accepted.length).toBeGreaterThan(20);
  const seen = { read: 0, tokens: new Set<string>() };
  const unmailed = () => accepted.filter((p) => !mailedTokens(mail, seen).has(p.token)).map((p) => p.token);
  await waitFor(() => unmailed().length === 0, timeoutMs, "every accepted post mailed").catch(() => undefined);
  expect(unmailed(), "accepted posts never mailed").toEqual([]);
}

/** Nothing lost, store: every post answered 201 is in the store, read through the store the servers use. */
export async function expectAllStored(visitors: Visitors, settings: { dataDir: string; databaseUrl?: string }): Promise<void> {
  const opened = await createStore({ ...settings, logger: recordingLogger() });
  try {
    await opened.ready;
    const messages = [...(await opened.messages.all("inbox")), ...(await opened.messages.all("spam"))];
    const reviews = await opened.reviews.list();
    const storedIds = new Set([...messages.map((m) => m.id), ...reviews.map((r) => r.id)]);
    const missing = visitors.accepted().filter((p) => !p.id || !storedIds.has(p.id)).map((p) => p.token);
    expect(missing, "accepted posts missing from the store").toEqual([]);
  } finally {
    await opened.close();
  }
}

const heading = (page: Page) => page.getByRole("heading", { level: 1 }).textContent();
const status = (page: Page) => page.getByRole("status").first().textContent();

/** Business details: a new phone number, saved; the site shows it. */
export async function saveBusinessPhone(page: Page, phone: string): Promise<void> {
  await page.getByRole("link", { name: "Business details" }).first().tap();
  await expect.poll(() => heading(page)).toBe("Business details");
  await page.getByLabel("Phone", { exact: true }).fill(phone);
  await page.getByRole("button", { name: "Save" }).tap();
  await expect.poll(() => status(page), { timeout: 90_000 }).toBe("Saved. The site shows the new details now.");
}

/** A new post written on the phone with two photos made by sharp, previewed, then published; resolves with its slug. */
export async function writeAndPublishPost(page: Page, title: string, text: string): Promise<string> {
  await page.goto("/owner/posts/new");
  await page.getByRole("toolbar", { name: "Formatting" }).waitFor();
  await page.getByLabel("Title", { exact: true }).fill(title);
  // The post's text is a rich editor (src/desk/client/rich-text.ts): typed into as it will read.
  await (await postText(page)).fill(text);
  await page.getByLabel("Summary", { exact: true }).fill(`${title}: what the crew did and why.`);
  // Two photos chosen at once, as a phone's picker gives them: they go up side by side.
  await addPhotos(
    page,
    [
      { name: "IMG_2001.jpg", mimeType: "image/jpeg", buffer: await photo("jpeg", 1600, 1200) },
      { name: "IMG_2002.png", mimeType: "image/png", buffer: await photo("png", 900, 600) },
    ],
    [`${title}, before`, `${title}, after`],
  );
  await previewShows(page, title);
  await page.getByRole("button", { name: "Publish" }).tap();
  await page.waitForURL("**/owner/posts/edit/*", { timeout: 90_000 });
  await expect.poll(() => status(page), { timeout: 90_000 }).toContain("/blog/");
  return new URL(page.url()).pathname.split("/").at(-1) ?? "";
}

/**
 * Services: a service's hero photo (made by sharp) and its description, saved from the phone;
 * then Photos, the library, where every thumbnail must load (they are served from the photo
 * cache by whichever instance a request reaches). Resolves with the service page's path.
 */
export async function changeServiceHero(page: Page, service: string, description: string): Promise<string> {
  await page.goto("/owner");
  await page.getByRole("link", { name: "Services" }).first().tap();
  await expect.poll(() => heading(page)).toBe("Services");
  await page.getByRole("link", { name: service }).tap();
  await expect.poll(() => heading(page)).toBe(service);
  const path = new URL(page.url()).pathname.split("/").at(-1) ?? "";
  await page.getByLabel("Hero photo", { exact: true }).setInputFiles({ name: "IMG_2101.JPG", mimeType: "image/jpeg", buffer: await photo("jpeg", 2400, 1600) });
  await page.getByLabel("Hero photo description", { exact: true }).fill(description);
  await page.getByRole("button", { name: "Save" }).tap();
  await expect.poll(() => page.locator("[data-notice]").textContent(), { timeout: 90_000 }).toBe("Saved. The site shows it now.");
  await page.getByRole("link", { name: "Photos" }).first().tap();
  await expect.poll(() => heading(page)).toBe("Photos");
  await expect.poll(() => brokenImages(page), { timeout: 30_000 }).toEqual([]);
  return `/services/${path}`;
}

/** Images of the page that did not load (their address): each scrolled to (some load lazily) and waited for. */
export async function brokenImages(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const broken: string[] = [];
    for (const img of [...document.images]) {
      img.scrollIntoView();
      if (!img.complete) await new Promise((done) => (img.addEventListener("load", done, { once: true }), img.addEventListener("error", done, { once: true }), setTimeout(done, 10_000)));
      if (img.naturalWidth === 0) broken.push(img.currentSrc || img.src);
    }
    return broken;
  });
}

/**
 * Words typed into the post's text just after `after`, as the owner taps into a sentence and
 * types (a keyboard's text, not a replacement of the whole text: Chrome's editing of a selection
 * across the photos makes styled spans, which the desk's CSP refuses); resolves once the form holds them.
 */
export async function typeIntoText(page: Page, after: string, words: string): Promise<void> {
  await (await postText(page)).tap();
  await putCursor(page, after);
  await page.keyboard.insertText(words);
  await expect.poll(() => postMarkdown(page)).toContain(`${after}${words}`);
}

/** Preview on the phone: the site's own page of the post, with `title` as its heading. */
export async function previewShows(page: Page, title: string): Promise<void> {
  await page.getByRole("button", { name: "Preview" }).tap();
  const frame = page.frameLocator("[data-preview-frame]");
  await expect.poll(() => frame.getByRole("heading", { level: 1 }).textContent(), { timeout: 30_000 }).toBe(title);
  await page.getByRole("button", { name: "Back to editing" }).tap();
}

/** A new post scheduled for `when` (business time); resolves with its slug. */
export async function schedulePost(page: Page, title: string, when: { date: string; time: string }): Promise<string> {
  await page.goto("/owner/posts/new");
  await page.getByRole("toolbar", { name: "Formatting" }).waitFor();
  await page.getByLabel("Title", { exact: true }).fill(title);
  await (await postText(page)).fill(`${title}. Rings of mulch three inches deep, kept off the trunk.`);
  await page.getByLabel("Publish date").fill(when.date);
  await page.getByLabel("Time", { exact: true }).fill(when.time);
  await page.getByRole("button", { name: "Schedule" }).tap();
  await page.waitForURL("**/owner/posts/edit/*", { timeout: 90_000 });
  await expect.poll(() => status(page), { timeout: 30_000 }).toMatch(/./);
  return new URL(page.url()).pathname.split("/").at(-1) ?? "";
}

/** Messages: the newest message opened and marked handled; resolves with its sender's name. */
export async function markNewestHandled(page: Page): Promise<string> {
  await page.goto("/owner");
  await page.getByRole("link", { name: "Messages" }).first().tap();
  await expect.poll(() => heading(page)).toBe("Messages");
  const first = page.getByRole("main").getByRole("list").last().getByRole("listitem").first().getByRole("link").first();
  const name = ((await first.textContent()) ?? "").match(/^Visitor \d+/)?.[0] ?? "";
  await first.tap();
  await expect.poll(() => heading(page)).toBe(name);
  await page.getByRole("button", { name: "Mark handled" }).tap();
  await expect.poll(() => status(page)).toBe("Marked handled.");
  return name;
}

/** Reviews: the first pending review approved; resolves with its sender's name. */
export async function approveFirstPending(page: Page): Promise<string> {
  await page.goto("/owner");
  await page.getByRole("link", { name: "Reviews" }).first().tap();
  await expect.poll(() => heading(page)).toBe("Reviews");
  const approve = page.getByRole("button", { name: /^Approve: Neighbor \d+/ }).first();
  const name = ((await approve.getAttribute("aria-label")) ?? (await approve.textContent()) ?? "").match(/Neighbor \d+/)?.[0] ?? "";
  await approve.tap();
  await expect.poll(() => status(page)).toMatch(new RegExp(`^Approved ${name}'s review`));
  return name;
}

/** Delete a post in the desk, then Undo from the list: it is back on the site. */
export async function deleteAndUndo(page: Page, slug: string, baseUrl: string): Promise<void> {
  await page.goto(`/owner/posts/edit/${slug}`);
  await page.getByRole("toolbar", { name: "Formatting" }).waitFor();
  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: "Delete" }).tap();
  await page.waitForURL("**/owner/posts?deleted=*", { timeout: 90_000 });
  await expect.poll(() => statusOf(`${baseUrl}/blog/${slug}`), { timeout: 60_000 }).toBe(404);
  await page.getByRole("button", { name: "Undo" }).tap();
  await page.waitForURL(`**/owner/posts/edit/${slug}`, { timeout: 90_000 });
  await expect.poll(() => statusOf(`${baseUrl}/blog/${slug}`), { timeout: 60_000 }).toBe(200);
}

/** The process ids of the builds under way into the checkout's dist/ (their staging folders, `.dist.tmp-<pid>-<time>`). */
export async function buildingPids(repoDir: string): Promise<number[]> {
  return (await readdir(repoDir)).flatMap((name) => /^\.dist\.tmp-(\d+)-\d+$/.exec(name)?.[1] ?? []).map(Number);
}

/** Build folders a build left beside dist/ (staging, an old output being removed): none once the day settles. */
export async function leftoverBuildFolders(repoDir: string): Promise<string[]> {
  return (await readdir(repoDir)).filter((name) => name.startsWith(".dist.") || name.startsWith("dist."));
}
