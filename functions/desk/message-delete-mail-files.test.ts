// Without SMTP_URL every notification is also an .eml file in DATA_DIR/mail (shared/CONTRACT.md):
// deleting a message in the desk deletes those files too, so nothing the visitor wrote stays in
// the site's files. The contact function with its desk, as the function alone runs it.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { codeIn, deskClient, OWNER } from "../../tests/desk-harness";
import { contentDir, listen, makeTempDir, recordingLogger, startSmtpPeer, waitFor } from "../../tests/test-support";
import { deskRenderer } from "../../scripts/build-engine/desk-bundle";
import { createContactFunction } from "../contact/app";
import { contact, estimateVisit } from "../store/store-suite";
import { createFilesStore } from "../store/files/files-store";
import type { Store } from "../store/store";

const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
});

/** The .eml files in the mail folder, each as text. */
async function mailFiles(dir: string): Promise<string[]> {
  const names = (await readdir(dir).catch(() => [])).filter((name) => name.endsWith(".eml"));
  return Promise.all(names.map((name) => readFile(path.join(dir, name), "utf8")));
}

/** The contact function with its desk, as the function alone runs it, without SMTP_URL; and the owner's client. */
async function startFunction(dir: string, store?: Store) {
  const fn = await createContactFunction({ DATA_DIR: dir, OWNER_EMAILS: OWNER, CONTACT_TO: OWNER }, { contentDir, store, desk: { renderer: deskRenderer(process.cwd()) } });
  stops.push(() => fn.close());
  const server = await listen(fn.app);
  stops.push(() => server.close());
  // The desk client's sign-in reads codes from a mail server; here they are files (signInByFile).
  const unused = await startSmtpPeer();
  stops.push(() => unused.close());
  return { fn, owner: deskClient(() => server.url, unused) };
}

/** Signs the owner in with the code of the sign-in email written as a file (the desk client reads codes from a mail server). */
async function signInByFile(owner: ReturnType<typeof deskClient>, mailDir: string): Promise<void> {
  await owner.get("/owner/sign-in");
  expect((await owner.post("/owner/sign-in", { email: OWNER })).status).toBe(303);
  await waitFor(async () => (await mailFiles(mailDir)).some((text) => text.includes("/owner/sign-in/link")), 15_000, "the sign-in email as a file");
  const signInMail = (await mailFiles(mailDir)).find((text) => text.includes("/owner/sign-in/link")) ?? "";
  await owner.get("/owner/sign-in/code");
  expect((await owner.post("/owner/sign-in/code", { code: codeIn(signInMail) })).status).toBe(303);
}

describe("Delete message without a mail server", () => {
  it("deletes the message's email file with it, and leaves every other email file", async () => {
    const { dir, cleanup } = await makeTempDir();
    stops.push(cleanup);
    const mailDir = path.join(dir, "mail");
    const { fn, owner } = await startFunction(dir);

    const kept = await fn.store.messages.add(contact(1));
    const gone = await fn.store.messages.add(contact(2, { name: "Erin Erased", message: "Please delete this: the gate code is 4417." }));
    await waitFor(async () => (await mailFiles(mailDir)).filter((text) => text.includes("Message number 1") || text.includes("gate code")).length === 2, 15_000, "both emails as files");

    await signInByFile(owner, mailDir);

    await owner.get(`/owner/messages/${gone.id}/delete`);
    expect((await owner.post(`/owner/messages/${gone.id}/delete`)).status).toBe(303);
    const left = await mailFiles(mailDir);
    expect(left.filter((text) => text.includes("Erin Erased") || text.includes("gate code"))).toEqual([]);
    expect(left.filter((text) => text.includes("Message number 1"))).toHaveLength(1);
    expect(await fn.store.messages.get(kept.id)).toBeDefined();
  }, 60_000);

  it("deletes a booking's and a review's email files with them, and the retention sweep those of what it erases", async () => {
    const { dir, cleanup } = await makeTempDir();
    stops.push(cleanup);
    const mailDir = path.join(dir, "mail");
    // The store's clock says when each thing came: three years back for the ones the sweep is for.
    let now = Date.now();
    const store = await createFilesStore({ dataDir: dir, clock: () => now, logger: recordingLogger() });
    stops.push(() => store.close());
    const { fn, owner } = await startFunction(dir, store);

    const start = new Date(now + 3 * 86_400_000).toISOString();
    const visit = await store.estimateVisits.book(
      { ...estimateVisit(1, start), name: "Bea Booked", message: "Gate code 4417, booking." },
      1,
    );
    const review = await store.reviews.add({ name: "Rae Reviewer", location: "Irmo, SC", rating: 5, text: "Gate code 4417, review." });
    now -= 3 * 365 * 86_400_000;
    const old = await store.messages.add(contact(3, { name: "Olive Old", message: "Gate code 4417, old message." }));
    const oldVisit = await store.estimateVisits.book({ ...estimateVisit(2, new Date(now + 86_400_000).toISOString()), name: "Otto Old", message: "Gate code 4417, old booking." }, 1);
    now = Date.now();
    const kept = await store.messages.add(contact(4, { name: "Kay Kept" }));
    const about = (name: string) => async () => (await mailFiles(mailDir)).some((text) => text.includes(name));
    for (const name of ["Bea Booked", "Rae Reviewer", "Olive Old", "Otto Old", "Kay Kept"]) await waitFor(about(name), 15_000, `${name}'s email as a file`);

    await signInByFile(owner, mailDir);
    await owner.get(`/owner/bookings/${visit?.id}/delete`);
    expect((await owner.post(`/owner/bookings/${visit?.id}/delete`)).status).toBe(303);
    await owner.get(`/owner/reviews/${review.id}/delete`);
    expect((await owner.post(`/owner/reviews/${review.id}/delete`)).status).toBe(303);
    expect(await fn.retention.sweep()).toMatchObject({ messages: 1, bookings: 1 });
    expect(await store.messages.get(old.id)).toBeUndefined();
    expect(await store.estimateVisits.get(oldVisit?.id ?? "")).toBeUndefined();
    const left = await mailFiles(mailDir);
    expect(left.filter((text) => text.includes("Gate code 4417") || /Bea Booked|Rae Reviewer|Olive Old|Otto Old/.test(text))).toEqual([]);
    expect(left.filter((text) => text.includes("Kay Kept"))).toHaveLength(1);
    expect(await store.messages.get(kept.id)).toBeDefined();
  }, 60_000);
});
