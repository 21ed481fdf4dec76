// The owner's desk in Chromium, as the owner uses it: signing in with the emailed code, and a
// passkey on the device (Chromium's virtual authenticator). The desk's browser tests drive it through these.
import type { Browser, BrowserContextOptions, Locator, Page } from "playwright-core";
import sharp from "sharp";
import { expect } from "vitest";
import { openPage, touchPhone, type WatchedPage } from "./chromium";
import { codeIn, OWNER } from "./desk-harness";
import { waitFor, type SmtpPeer } from "./test-support";

/** Signs in on `page` with the code from the newest email to `email` that `mail` received, as the owner would type it (tapping, on a touch screen). */
export async function signInWithCode(page: Page, mail: SmtpPeer, { touch = true, email = OWNER }: { touch?: boolean; email?: string } = {}): Promise<void> {
  const press = (name: string) => (touch ? page.getByRole("button", { name }).tap() : page.getByRole("button", { name }).click());
  await page.goto("/owner");
  await page.getByLabel("Email", { exact: true }).fill(email);
  const before = mail.received.length;
  await press("Send sign-in code");
  await page.waitForURL("**/owner/sign-in/code");
  // Other mail (a message's or a review's notification) may come in between.
  const signInMail = () => mail.received.slice(before).filter((m) => m.to.includes(email)).at(-1);
  await waitFor(() => signInMail() !== undefined, 15_000, "the sign-in email");
  await page.getByLabel("Code", { exact: true }).fill(codeIn(signInMail()?.raw ?? ""));
  await press("Sign in");
  await expect.poll(() => page.url()).toBe(`${page.url().split("/owner")[0]}/owner`);
  await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Your desk");
}

/**
 * Pages of one signed-in session: the first call signs in by the emailed code on a touch phone;
 * each call then opens a fresh page (a phone by default, or `options`) with that session.
 */
export function deskSession(served: () => { browser: Browser; baseUrl: string; mail: SmtpPeer }): (options?: BrowserContextOptions) => Promise<WatchedPage> {
  let session: BrowserContextOptions["storageState"];
  let signedIn: Promise<void> | undefined;
  return async (options = touchPhone) => {
    const { browser, baseUrl, mail } = served();
    signedIn ??= (async () => {
      const { page, close } = await openPage(browser, { baseURL: baseUrl, ...touchPhone });
      await signInWithCode(page, mail);
      session = await page.context().storageState();
      await close();
    })();
    await signedIn;
    return openPage(browser, { baseURL: baseUrl, ...options, storageState: session });
  };
}

/** The names of the desk's links and buttons that checks written from shared/CONTRACT.md look for. */
export const contractNames = ["Messages", "Reviews", "Posts", "Our work", "Business details", "Visits", "Services", "Service areas", "Home page", "Photos", "Sign out", "Add a job", "Save"] as const;

/** Every contract name that finds more than one link or button on the page (Playwright's case-blind part-of-name match): none, on every screen. */
export async function ambiguous(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const name of contractNames)
    for (const role of ["link", "button"] as const) {
      const count = await page.getByRole(role, { name }).count();
      if (count > 1) found.push(`${role} "${name}" ${count} times`);
    }
  return found;
}

/** A phone's built-in passkey store for `page` (DevTools protocol WebAuthn): it makes and uses passkeys without asking. */
export async function addVirtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
}

/** A photo as a camera makes one: a real JPEG or PNG with something in it. */
export async function photo(format: "jpeg" | "png", width: number, height: number): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 40, g: 110, b: 60 } } }).composite([
    { input: Buffer.from(`<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="#c84"/></svg>`) },
  ]);
  return format === "jpeg" ? image.jpeg({ quality: 85 }).toBuffer() : image.png().toBuffer();
}

/**
 * Chooses files in "Add photo" (several at once), says what each shows in its own "Photo
 * description" and presses Enter there; resolves once they are all in the list of the post's photos.
 */
export async function addPhotos(page: Page, files: { name: string; mimeType: string; buffer: Buffer }[], descriptions: string[]): Promise<void> {
  const list = page.locator("[data-photo-list] > li");
  const before = await list.count();
  const cards = page.locator("[data-uploads] > li");
  // By its file's name: a card leaves the list once its photo is in the post (and a refused one once the next file is chosen).
  const cardOf = (name: string) => cards.filter({ has: page.locator("[data-upload-name]", { hasText: name }) });
  await page.getByLabel("Add photo").setInputFiles(files);
  for (const file of files) await expect.poll(() => cardOf(file.name).count()).toBe(1);
  for (const [i, description] of descriptions.entries()) {
    const field = cardOf(files[i]?.name ?? "").getByLabel("Photo description");
    await field.fill(description);
    await field.press("Enter");
  }
  await expect.poll(() => list.count(), { timeout: 30_000 }).toBe(before + files.length);
}

/** One photo, as addPhotos. */
export async function addPhoto(page: Page, file: { name: string; mimeType: string; buffer: Buffer }, description: string): Promise<void> {
  await addPhotos(page, [file], [description]);
}

/** The post editor's "Text", as it will read, once its editor is there (src/desk/client/rich-text.ts). */
export async function postText(page: Page): Promise<Locator> {
  await page.waitForFunction(() => document.documentElement.dataset.editorReady === "rich");
  return page.getByRole("textbox", { name: "Text", exact: true });
}

/** The Markdown the form posts (the editor writes it after each pause in typing, src/desk/client/markdown-blocks.ts). */
export function postMarkdown(page: Page): Promise<string> {
  return page.locator('textarea[name="text"]').inputValue();
}

/** The cursor put in the post's text just after the first `words` of it (or at their start). */
export async function putCursor(page: Page, words: string, where: "after" | "before" = "after"): Promise<void> {
  await page.evaluate(
    ([words, where]) => {
      const root = document.querySelector(".ProseMirror");
      if (!root || !words) throw new Error("no editor");
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = node.textContent?.indexOf(words) ?? -1;
        if (at === -1) continue;
        const offset = where === "after" ? at + words.length : at;
        getSelection()?.setBaseAndExtent(node, offset, node, offset);
        return;
      }
      throw new Error(`"${words}" is not in the text`);
    },
    [words, where] as const,
  );
  // ProseMirror reads the selection on selectionchange.
  await page.waitForTimeout(50);
}
