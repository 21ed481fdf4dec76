import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "./axe";
import { connectBrowser, desktop, openPage, touchPhone } from "./chromium";
import { addPhoto, deskSession, photo, postMarkdown, postText, putCursor } from "./desk-browser";
import { serveCopy, type RepoCopy, type ServedCopy } from "./repo-copy";
import type { SmtpPeer } from "./test-support";

// Posts in the owner's desk as the owner uses them (issue 29): `npm start` in a fresh copy of the
// checkout, Chromium on a phone (390 px, touch), real photos made by sharp sent through the file
// input, and the live site checked over HTTP after each Publish, Schedule and Take off the site.

const OWNER = "owner@example.com";
let repo: RepoCopy;
let mail: SmtpPeer;
let browser: Browser;
let baseUrl = "";

let served: ServedCopy;

beforeAll(async () => {
  served = await serveCopy("desk-posts", { OWNER_EMAILS: OWNER });
  ({ repo, mail, baseUrl } = served);
  browser = await connectBrowser();
}, 200_000);

afterAll(async () => {
  await browser?.close();
  await served?.close();
});

// Signed in once, by the emailed code; each test's phone or desktop then starts with that session.
const signedIn = deskSession(() => ({ browser, baseUrl, mail }));

const live = async (path: string) => (await fetch(baseUrl + path)).status;
const slugOf = (page: Page) => new URL(page.url()).pathname.split("/").at(-1) ?? "";

describe("posts in the owner's desk under npm start", () => {
  let slug = "";

  it("writes a post on a phone with the toolbar, a table and two photos, previews it, publishes it and finds it on /blog and /api/blog", async () => {
    const { page, problems, close } = await signedIn();
    try {
      await page.goto("/owner");
      await page.getByRole("link", { name: "Posts" }).tap();
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Posts");
      // The five posts in content/blog, published.
      await expect.poll(() => page.getByRole("list", { name: "Posts" }).getByRole("listitem").count()).toBe(5);
      expect(await axeViolations(page), "posts list").toEqual([]);

      await page.getByRole("button", { name: "New post" }).tap();
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("New post");
      // The contract's names find one control each as written, without `exact` (Playwright matches a label's substring).
      await page.getByRole("toolbar").waitFor();
      const text = await postText(page);
      for (const name of ["Title", "Category", "Summary", "Text", "Add photo"]) expect(await page.getByLabel(name).count(), name).toBe(1);
      for (const name of ["Preview", "Save draft", "Publish", "Schedule"]) expect(await page.getByRole("button", { name }).count(), name).toBe(1);
      await page.getByLabel("Title", { exact: true }).fill("Storm cleanup on Lake Murray");
      await text.fill("After the storm we took down a split oak.");
      // Bold on the word at the cursor, from the toolbar: the owner types no Markdown.
      await putCursor(page, "After the st");
      await page.getByRole("button", { name: "Bold" }).tap();
      await putCursor(page, "split oak.");
      await page.keyboard.press("Enter");
      await page.getByRole("button", { name: "Table" }).tap();
      await expect.poll(() => postMarkdown(page)).toBe("After the **storm** we took down a split oak.\n\n| Column | Column |\n|--------|--------|\n| | |\n");
      await page.getByLabel("Summary", { exact: true }).fill("How the crew cleared a split oak after the storm.");
      await page.getByLabel("Category", { exact: true }).selectOption({ index: 1 });

      await addPhoto(page, { name: "IMG_0001.jpg", mimeType: "image/jpeg", buffer: await photo("jpeg", 1600, 1200) }, "The split oak before");
      await addPhoto(page, { name: "IMG_0002.png", mimeType: "image/png", buffer: await photo("png", 800, 600) }, "The yard after cleanup");
      await expect.poll(() => postMarkdown(page)).toContain("![The split oak before](./the-split-oak-before.jpg)\n\n![The yard after cleanup](./the-yard-after-cleanup.png)");
      expect(await axeViolations(page), "editor").toEqual([]);

      // The preview over the editor on a phone: the site's own page.
      await page.getByRole("button", { name: "Preview" }).tap();
      const frame = page.frameLocator("[data-preview-frame]");
      await expect.poll(() => frame.getByRole("heading", { level: 1 }).textContent(), { timeout: 15_000 }).toBe("Storm cleanup on Lake Murray");
      await expect.poll(() => frame.locator("img[alt='The split oak before']").count()).toBeGreaterThan(0);
      expect(await frame.locator("table").count()).toBe(1);
      await page.getByRole("button", { name: "Back to editing" }).tap();

      await page.getByRole("button", { name: "Publish" }).tap();
      await page.waitForURL("**/owner/posts/edit/*");
      slug = slugOf(page);
      expect(slug).toBe("storm-cleanup-on-lake-murray");
      await expect.poll(() => page.getByRole("status").first().textContent()).toContain("/blog/storm-cleanup-on-lake-murray");
      // What this phone kept while typing reached the site: nothing is offered back.
      expect(await page.locator("[data-local-offer]").isVisible()).toBe(false);
      expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith("desk-post:")))).toEqual([]);
      const article = await (await fetch(`${baseUrl}/blog/${slug}`)).text();
      expect(article).toContain("Storm cleanup on Lake Murray");
      expect(article).toContain("<strong>storm</strong>");
      expect(article).toMatch(/<img[^>]+alt="The yard after cleanup"/);
      const api = (await (await fetch(`${baseUrl}/api/blog`)).json()) as { slug: string }[];
      expect(api.map((p) => p.slug)).toContain(slug);
      // The file is the Markdown a person writes, in a folder with its photos.
      const file = await readFile(join(repo.dir, "content", "blog", slug, "index.md"), "utf8");
      expect(file).toMatch(/^---\ntitle: Storm cleanup on Lake Murray\n/);
      expect(await readFile(join(repo.dir, "content", "blog", slug, "the-split-oak-before.jpg"))).toBeTruthy();
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  }, 180_000);

  it("refuses a text file named .jpg and a 60-megapixel image, in words the owner can act on, asking nothing more of them", async () => {
    const { page, close } = await signedIn();
    try {
      await page.goto("/owner/posts/new");
      const card = page.locator("[data-uploads] > li");
      const refusal = card.locator("[data-upload-error]");
      /** A refused file's card says why and asks for no description, shows no progress. */
      const asksNothing = async () => {
        expect(await refusal.isVisible()).toBe(true);
        expect(await card.getByLabel("Photo description").isVisible()).toBe(false);
        expect(await card.getByRole("progressbar").isVisible()).toBe(false);
      };
      await page.getByLabel("Add photo").setInputFiles({ name: "photo.jpg", mimeType: "image/jpeg", buffer: Buffer.from("this is a letter, not a photo\n".repeat(20)) });
      await expect.poll(() => refusal.textContent(), { timeout: 15_000 }).toMatch(/^This file /);
      await asksNothing();
      expect(await axeViolations(page), "a refused photo").toEqual([]);
      if (process.env["SCREENSHOT_DIR"]) await page.screenshot({ path: join(process.env["SCREENSHOT_DIR"], "refused-photo-390.png"), fullPage: true });
      const huge = await sharp({ create: { width: 8000, height: 7500, channels: 3, background: "#fff" } }).png({ compressionLevel: 9 }).toBuffer();
      await page.getByLabel("Add photo").setInputFiles({ name: "big.png", mimeType: "image/png", buffer: huge });
      await expect.poll(() => refusal.textContent(), { timeout: 15_000 }).toContain("60 megapixels");
      await asksNothing();
      expect(await page.locator("[data-photo-list] > li").count()).toBe(0);
      // A photo chosen next is asked about, and the refused card is gone.
      await addPhoto(page, { name: "IMG_0003.jpg", mimeType: "image/jpeg", buffer: await photo("jpeg", 800, 600) }, "The oak after pruning");
      expect(await card.count()).toBe(0);
    } finally {
      await close();
    }
  }, 120_000);

  it("leaves a hand-written post opened and published unchanged byte for byte", async () => {
    const { page, close } = await signedIn();
    try {
      const file = join(repo.dir, "content", "blog", "when-to-prune-oaks-in-the-midlands.md");
      const before = await readFile(file);
      await page.goto("/owner/posts/edit/when-to-prune-oaks-in-the-midlands");
      await page.getByRole("toolbar", { name: "Formatting" }).waitFor();
      // Publish writes the file when what the form makes of it differs by a byte.
      await page.getByRole("button", { name: "Publish" }).tap();
      await page.waitForURL("**/owner/posts/edit/when-to-prune-oaks-in-the-midlands");
      await expect.poll(() => page.getByRole("status").first().textContent()).toContain("Nothing had changed");
      expect((await readFile(file)).equals(before)).toBe(true);
    } finally {
      await close();
    }
  }, 60_000);

  it("refuses a save over a change made to the file on the server, showing both versions", async () => {
    const { page, close } = await signedIn();
    try {
      await page.goto(`/owner/posts/edit/${slug}`);
      const file = join(repo.dir, "content", "blog", slug, "index.md");
      const theirs = (await readFile(file, "utf8")).replace("After the", "Right after the");
      await writeFile(file, theirs);
      await page.getByLabel("Title", { exact: true }).fill("Storm cleanup on Lake Murray, part one");
      await page.getByRole("button", { name: "Save draft" }).tap();
      await expect.poll(() => page.getByRole("alert").first().textContent()).toContain("Not saved: the post was changed meanwhile");
      expect(await page.getByRole("alert").first().textContent()).toContain("Right after the");
      expect(await readFile(file, "utf8")).toBe(theirs);
      expect(await axeViolations(page), "conflict").toEqual([]);
    } finally {
      await close();
    }
  }, 120_000);

  it("schedules a post, unpublishes one, restores a version from the history, deletes and undoes", async () => {
    const { page, close } = await signedIn();
    try {
      // Schedule: a new post for tomorrow is not on the site, and the list says when it goes live.
      await page.goto("/owner/posts/new");
      await page.getByLabel("Title", { exact: true }).fill("Fall pruning next week");
      await (await postText(page)).fill("When the leaves drop, pruning starts.");
      const tomorrow = new Date(Date.now() + 36 * 3600_000).toISOString().slice(0, 10);
      await page.getByLabel("Publish date").fill(tomorrow);
      await page.getByLabel("Time", { exact: true }).fill("09:00");
      await page.getByRole("button", { name: "Schedule" }).tap();
      await page.waitForURL("**/owner/posts/edit/fall-pruning-next-week");
      expect(await live("/blog/fall-pruning-next-week")).toBe(404);
      await page.goto("/owner/posts");
      await expect.poll(() => page.getByRole("link", { name: /Fall pruning next week/ }).textContent()).toContain("Goes live");

      // Take off the site: the post leaves the site.
      await page.goto(`/owner/posts/edit/${slug}`);
      expect(await live(`/blog/${slug}`)).toBe(200);
      // A published post's editor: the contract's names still find one button each, as written.
      for (const name of ["Preview", "Save draft", "Publish", "Schedule", "Delete", "History"]) expect(await page.getByRole("button", { name }).count(), name).toBe(1);
      await page.getByRole("button", { name: "Take off the site" }).tap();
      await expect.poll(() => page.getByText("Draft", { exact: true }).count()).toBeGreaterThan(0);
      await expect.poll(() => live(`/blog/${slug}`)).toBe(404);

      // History: the first version (published) made the post again, and published with it.
      await page.getByRole("button", { name: "History" }).tap();
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("History");
      expect(await axeViolations(page), "history").toEqual([]);
      page.once("dialog", (dialog) => void dialog.accept());
      await page.getByRole("button", { name: /^Restore the version of/ }).last().tap();
      await page.waitForURL(`**/owner/posts/edit/${slug}`);
      await expect.poll(() => live(`/blog/${slug}`)).toBe(200);

      // Delete, then Undo from the list.
      page.once("dialog", (dialog) => void dialog.accept());
      await page.getByRole("button", { name: "Delete" }).tap();
      await page.waitForURL("**/owner/posts?deleted=*");
      await expect.poll(() => live(`/blog/${slug}`)).toBe(404);
      await page.getByRole("button", { name: "Undo" }).tap();
      await page.waitForURL(`**/owner/posts/edit/${slug}`);
      await expect.poll(() => live(`/blog/${slug}`)).toBe(200);
    } finally {
      await close();
    }
  }, 180_000);

  it("keeps what was typed on the phone when the connection drops, and offers it when the post is opened again", async () => {
    const { page, close } = await signedIn();
    const context = page.context();
    try {
      await page.goto(`/owner/posts/edit/${slug}`);
      // The editor's script is running (its toolbar shows) before the signal goes.
      await page.getByRole("toolbar", { name: "Formatting" }).waitFor();
      await context.setOffline(true);
      await page.getByLabel("Summary", { exact: true }).fill("Typed with no signal.");
      await expect.poll(() => page.locator("[data-autosave-status]").textContent(), { timeout: 10_000 }).toContain("on this phone only");
      await context.setOffline(false);
      await page.goto("/owner/posts");
      await page.goto(`/owner/posts/edit/${slug}`);
      // The server kept it when the connection came back, or the phone offers its copy.
      await page.getByRole("button", { name: /Use the (unsaved changes|changes kept on this phone)/ }).first().tap();
      await expect.poll(() => page.getByLabel("Summary", { exact: true }).inputValue()).toBe("Typed with no signal.");
    } finally {
      await close();
    }
  }, 120_000);

  it("brings back a photo added while the site could not keep the changes: the phone's copy opens with its photo in the list and the cover", async () => {
    const post = "stump-grinding-vs-stump-removal";
    const first = await signedIn();
    let phone: BrowserContextOptions["storageState"];
    try {
      // The photo goes up, but the changes never reach the site (the signal went before the autosave).
      await first.page.route("**/owner/posts/autosave", (route) => route.abort("internetdisconnected"));
      await first.page.goto(`/owner/posts/edit/${post}`);
      await first.page.getByRole("toolbar", { name: "Formatting" }).waitFor();
      await addPhoto(first.page, { name: "IMG_0101.jpg", mimeType: "image/jpeg", buffer: await photo("jpeg", 1200, 900) }, "The stump after grinding");
      await first.page.getByLabel("Cover", { exact: true }).selectOption("./the-stump-after-grinding.jpg");
      await expect.poll(() => first.page.locator("[data-autosave-status]").textContent(), { timeout: 10_000 }).toContain("on this phone only");
      phone = await first.page.context().storageState();
    } finally {
      await first.close();
    }
    // Later, with signal, on the same phone (its storage kept; a new page of the session).
    const { page, problems, close } = await openPage(browser, { baseURL: baseUrl, ...touchPhone, storageState: phone });
    try {
      await page.goto(`/owner/posts/edit/${post}`);
      // Once the editor is there: leaving while its code still loads would abort that request.
      await postText(page);
      await page.getByRole("button", { name: "Use the changes kept on this phone" }).tap();
      await page.waitForURL(`**/owner/posts/edit/${post}?unsaved=use`);
      // Said where the owner looks first: they are in the form, and kept once saved.
      expect(await page.getByRole("status").first().textContent()).toContain("Your unsaved changes are in the form below. Press Save draft or Publish to keep them.");
      const item = page.locator('[data-photo-list] > li[data-photo="the-stump-after-grinding.jpg"]');
      await expect.poll(() => item.locator("img").getAttribute("src")).toBeTruthy();
      expect(await item.getByRole("textbox").inputValue()).toBe("The stump after grinding");
      expect(await page.getByLabel("Cover", { exact: true }).inputValue()).toBe("./the-stump-after-grinding.jpg");
      expect(await postMarkdown(page)).toContain("![The stump after grinding](./the-stump-after-grinding.jpg)");
      // Nothing offered twice: the copy is on the site now, and in the form.
      expect(await page.locator("[data-local-offer]").isVisible()).toBe(false);
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  }, 120_000);

  it("has no axe findings on the list, the editor and the history at 1280 px", async () => {
    const { page, close } = await signedIn({ viewport: desktop });
    try {
      for (const path of ["/owner/posts", `/owner/posts/edit/${slug}`, `/owner/posts/history/${slug}`]) {
        await page.goto(path);
        expect(await axeViolations(page), path).toEqual([]);
      }
      // On a wide screen the preview is beside the text, updated as the owner types.
      await page.goto(`/owner/posts/edit/${slug}`);
      await page.getByLabel("Title", { exact: true }).fill("Storm cleanup, updated");
      await expect.poll(() => page.frameLocator("[data-preview-frame]").getByRole("heading", { level: 1 }).textContent(), { timeout: 15_000 }).toBe("Storm cleanup, updated");
    } finally {
      await close();
    }
  }, 120_000);
});
