import { execFileSync } from "node:child_process";
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startDesk, type DeskClient, type DeskHarness } from "../../tests/desk-harness";
import { loadSite } from "../../src/content/load-content";

let desk: DeskHarness;
afterEach(() => desk?.close());

const siteText = () => readFile(path.join(desk.contentDir, "site.json"), "utf8");
const homeText = () => readFile(path.join(desk.contentDir, "home.json"), "utf8");
const original = { site: await readFile("content/site.json", "utf8"), home: await readFile("content/home.json", "utf8") };

/** The lines of `after` that are not in `before`, and the other way round. */
function changedLines(before: string, after: string) {
  const a = before.split("\n");
  const b = after.split("\n");
  return { removed: a.filter((line) => !b.includes(line)), added: b.filter((line) => !a.includes(line)) };
}

/** The form's fields as the page filled them (what a browser posts when nothing is touched). */
function formFields(html: string): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = {};
  const add = (name: string, value: string) => {
    const known = fields[name];
    fields[name] = known === undefined ? value : [known, value].flat();
  };
  const unescape = (text: string) => text.replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&amp;", "&");
  for (const [input] of html.matchAll(/<input [^>]*>/g)) {
    const name = /name="([^"]+)"/.exec(input)?.[1];
    const value = unescape(/value="([^"]*)"/.exec(input)?.[1] ?? "");
    if (!name || name === "csrf") continue;
    if (/type="checkbox"/.test(input)) {
      if (/checked=""/.test(input)) add(name, value);
    } else add(name, value);
  }
  for (const [, name = "", text = ""] of html.matchAll(/<textarea [^>]*name="([^"]+)"[^>]*>([^<]*)<\/textarea>/g)) add(name, unescape(text));
  return fields;
}

async function openForm(client: DeskClient) {
  const page = await client.get("/owner/business");
  expect(page.status).toBe(200);
  return formFields(page.text);
}

async function signedIn(options: Parameters<typeof startDesk>[0] = {}) {
  desk = await startDesk(options);
  const owner = desk.client();
  await owner.signIn();
  return owner;
}

describe("Business details", () => {
  it("keeps the start of the one-tap replies in content/site.json, and the messages' Text and Email back use it", async () => {
    const owner = await signedIn();
    const before = await siteText();
    const fields = await openForm(owner);
    expect(fields.replyStart).toBe("");
    const saved = await owner.post("/owner/business", { ...fields, replyStart: "Hello [first name]! [business] here about the [service] job." });
    expect(saved.status).toBe(303);
    // One line added at the end (the line before it gains its comma): every other byte as it was.
    expect(changedLines(before, await siteText())).toEqual({ removed: ["  ]"], added: ['  "replyStart": "Hello [first name]! [business] here about the [service] job."'] });
    expect(JSON.parse(await siteText()).replyStart).toBe("Hello [first name]! [business] here about the [service] job.");
    const message = await desk.store().messages.add({ name: "Ann Lee", email: "ann@example.com", phone: "(803) 555-0101", serviceType: "tree-removal", message: "The dead pine." });
    const page = (await owner.get(`/owner/messages/${message.id}`)).text;
    expect(page).toContain(`sms:8035550101?&amp;body=${encodeURIComponent("Hello Ann! Cedar Ridge Tree Service here about the tree removal job.")}`);
    // Emptied: the default words again, and the key gone from the file.
    expect((await owner.post("/owner/business", { ...(await openForm(owner)), replyStart: "" })).status).toBe(303);
    expect(JSON.parse(await siteText())).not.toHaveProperty("replyStart");
  });

  it("saves a new phone number as one changed line, takes it off the Before launch list, publishes and audits", async () => {
    const owner = await signedIn();
    const page = await owner.get("/owner/business");
    for (const label of ["Phone", "Email", "Street address", "Town", "Emergency line", "Service area note"]) expect(page.text).toContain(`>${label}</label>`);
    expect(page.text).toContain("Before launch");
    const saved = await owner.post("/owner/business", { ...formFields(page.text), phone: "(803) 555-0199" });
    expect(saved.status).toBe(303);
    expect(changedLines(original.site, await siteText())).toEqual({ removed: ['  "phone": "(803) 555-0142",', '    "phone",'], added: ['  "phone": "(803) 555-0199",'] });
    expect(await homeText()).toBe(original.home);
    expect(desk.published).toEqual(["business details saved in the desk"]);
    expect((await owner.get("/owner/business")).text).toContain("Saved. The site shows the new details now.");
    const audit = await desk.store().desk.auditLog(1);
    expect(audit[0]).toMatchObject({ who: "owner@example.com", action: "saved business details", detail: "Phone" });
    expect((await loadSite(desk.contentDir, {})).phone).toEqual({ display: "(803) 555-0199", dial: "+18035550199" });
  });

  it("changes, adds and removes hours and links, and the service area note, moving only those lines", async () => {
    const owner = await signedIn();
    const fields = await openForm(owner);
    const saved = await owner.post("/owner/business", {
      ...fields,
      "hours.1.opens": "09:00",
      "hours.2.remove": "yes",
      "hours.3.label": "Holidays",
      "hours.3.days": ["Monday", "Friday"],
      "hours.3.note": "Closed",
      "social.1.remove": "yes",
      "social.3.name": "YouTube",
      "social.3.url": "https://www.youtube.com/",
      serviceAreaNote: "Serving Lake Murray.",
    });
    expect(saved.status).toBe(303);
    const site = await loadSite(desk.contentDir, {});
    expect(site.hours.map((h) => h.label)).toEqual(["Monday - Friday", "Saturday", "Holidays"]);
    expect(site.hours[1]?.opens).toBe("09:00");
    expect(site.hours[2]).toEqual({ label: "Holidays", days: ["Monday", "Friday"], note: "Closed" });
    expect(site.social.map((s) => s.name)).toEqual(["Facebook", "Google Business Profile", "YouTube"]);
    expect(changedLines(original.site, await siteText()).added).toEqual([
      '    { "label": "Saturday", "days": ["Saturday"], "opens": "09:00", "closes": "16:00" },',
      '    { "label": "Holidays", "days": ["Monday", "Friday"], "note": "Closed" }',
      '    { "name": "Google Business Profile", "url": "https://www.google.com/maps" },',
      '    { "name": "YouTube", "url": "https://www.youtube.com/" }',
    ]);
    expect(changedLines(original.home, await homeText()).added).toEqual(['      "intro": "Serving Lake Murray."']);
  });

  it("shows the build's own message beside a field and writes nothing", async () => {
    const owner = await signedIn();
    const fields = await openForm(owner);
    const refused = await owner.post("/owner/business", { ...fields, email: "office at example", phone: "555", "hours.0.opens": "7am" });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('<p class="');
    expect(refused.text).toMatch(/id="field-email-error">Invalid email address</);
    expect(refused.text).toMatch(/id="field-phone-error">expected the phone number as people read it, like &quot;\(803\) 555-0142&quot;</);
    expect(refused.text).toMatch(/id="field-hours-0-opens-error">expected a 24-hour time like 07:00</);
    const outsideUs = await owner.post("/owner/business", { ...fields, phone: "(803) 555-01" });
    expect(outsideUs.text).toMatch(/id="field-phone-error">dial: is needed for a number outside the US/);
    // What was typed is still there.
    expect(refused.text).toContain('value="office at example"');
    expect(await siteText()).toBe(original.site);
    expect(desk.published).toEqual([]);
  });

  it("refuses the second of two tabs with \"changed since you opened it\", showing both, and saves it when pressed again", async () => {
    const owner = await signedIn();
    const first = await openForm(owner);
    const second = await openForm(owner);
    expect((await owner.post("/owner/business", { ...first, phone: "(803) 555-0111" })).status).toBe(303);
    const refused = await owner.post("/owner/business", { ...second, phone: "(803) 555-0122", emergencyLine: "Day and night" });
    expect(refused.status).toBe(409);
    expect(refused.text).toContain("changed since you opened it");
    expect(refused.text).toMatch(/<th scope="row"[^>]*>Phone<\/th><td[^>]*>\(803\) 555-0111<\/td><td[^>]*>\(803\) 555-0122<\/td>/);
    expect(refused.text).toContain('value="Day and night"');
    expect((await loadSite(desk.contentDir, {})).phone.display).toBe("(803) 555-0111");
    // The refused page's form is of the files as they are now: saving it is a deliberate overwrite.
    expect((await owner.post("/owner/business", formFields(refused.text))).status).toBe(303);
    expect((await loadSite(desk.contentDir, {})).phone.display).toBe("(803) 555-0122");
  });

  it("takes a fact ticked as real off the Before launch list without changing it", async () => {
    const owner = await signedIn();
    const fields = await openForm(owner);
    expect((await owner.post("/owner/business", { ...fields, real: ["name", "home.json: testimonials"] })).status).toBe(303);
    const site = await loadSite(desk.contentDir, {});
    expect(site.placeholders).not.toContain("name");
    expect(site.placeholders).not.toContain("home.json: testimonials");
    expect(site.placeholders).toContain("shortName");
    expect(changedLines(original.site, await siteText())).toEqual({ removed: ['    "name",', '    "home.json: testimonials",'], added: [] });
  });

  it("says so when the site could not be rebuilt, in the build's words", async () => {
    const owner = await signedIn();
    desk.publishAnswer = { ok: false, problems: [{ file: "content/blog/broken.md", field: "publishDate", problem: "expected a date like 2025-03-01" }] };
    const fields = await openForm(owner);
    expect((await owner.post("/owner/business", { ...fields, phone: "(803) 555-0133" })).status).toBe(303);
    const page = await owner.get("/owner/business");
    expect(page.text).toContain("Saved, but the site could not be rebuilt");
    expect(page.text).toContain("content/blog/broken.md: publishDate: expected a date like 2025-03-01");
  });

  it("is not changed where this server does not build the site (the contact function alone)", async () => {
    const owner = await signedIn({ publish: false });
    const page = await owner.get("/owner/business");
    expect(page.text).toContain("Here the site is built somewhere else");
    expect(page.text).toMatch(/<fieldset disabled=""/);
    const refused = await owner.post("/owner/business", { ...formFields(page.text), phone: "(803) 555-0144" });
    expect(refused.status).toBe(409);
    expect(await siteText()).toBe(original.site);
  });
});

// A real small filesystem (tmpfs), filled up or made read-only; needs the right to mount (root, as on this project's machines).
const mountable = (() => {
  try {
    execFileSync("mount", ["--version"], { stdio: "ignore" });
    return process.getuid?.() === 0;
  } catch {
    return false;
  }
})();

describe.skipIf(!mountable)("a disk that cannot take the save", () => {
  let mountPoint = "";
  afterEach(async () => {
    execFileSync("umount", [mountPoint]);
    await rm(path.dirname(mountPoint), { recursive: true, force: true });
  });

  async function contentOnTmpfs(): Promise<string> {
    mountPoint = path.join(await mkdtemp(path.join(tmpdir(), "desk-disk-")), "content");
    await mkdir(mountPoint);
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", mountPoint]);
    await cp("content", mountPoint, { recursive: true });
    return mountPoint;
  }

  it("full: says the disk is full, keeps what was typed, and leaves the files whole", async () => {
    const contentDir = await contentOnTmpfs();
    // Fill what is left, so the new file cannot be written.
    await writeFile(path.join(contentDir, ".filler"), Buffer.alloc(4 * 1024 * 1024)).catch(() => undefined);
    const owner = await signedIn({ contentDir });
    const fields = await openForm(owner);
    const refused = await owner.post("/owner/business", { ...fields, phone: "(803) 555-0155" });
    expect(refused.status).toBe(503);
    expect(refused.text).toContain("The server&#x27;s disk is full, so nothing was saved.");
    expect(refused.text).toContain('value="(803) 555-0155"');
    expect(await siteText()).toBe(original.site);
    expect((await readdir(contentDir)).filter((f) => f.endsWith(".tmp"))).toEqual([]);
    expect(desk.published).toEqual([]);
  });

  it("read-only: says content/ cannot be changed here, and changes nothing", async () => {
    const contentDir = await contentOnTmpfs();
    execFileSync("mount", ["-o", "remount,ro", contentDir]);
    const owner = await signedIn({ contentDir });
    const fields = await openForm(owner);
    const refused = await owner.post("/owner/business", { ...fields, phone: "(803) 555-0166" });
    expect(refused.status).toBe(503);
    expect(refused.text).toContain("content/ is read-only");
    expect(await siteText()).toBe(original.site);
  });
});
