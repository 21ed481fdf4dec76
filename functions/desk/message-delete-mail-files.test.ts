// Without SMTP_URL every notification is also an .eml file in DATA_DIR/mail (shared/CONTRACT.md):
// deleting a message in the desk deletes those files too, so nothing the visitor wrote stays in
// the site's files. The contact function with its desk, as the function alone runs it.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { codeIn, deskClient, OWNER } from "../../tests/desk-harness";
import { contentDir, listen, makeTempDir, startSmtpPeer, waitFor } from "../../tests/test-support";
import { deskRenderer } from "../../scripts/build-engine/desk-bundle";
import { createContactFunction } from "../contact/app";
import { contact } from "../store/store-suite";

const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
});

/** The .eml files in the mail folder, each as text. */
async function mailFiles(dir: string): Promise<string[]> {
  const names = (await readdir(dir).catch(() => [])).filter((name) => name.endsWith(".eml"));
  return Promise.all(names.map((name) => readFile(path.join(dir, name), "utf8")));
}

describe("Delete message without a mail server", () => {
  it("deletes the message's email file with it, and leaves every other email file", async () => {
    const { dir, cleanup } = await makeTempDir();
    stops.push(cleanup);
    const mailDir = path.join(dir, "mail");
    const fn = await createContactFunction({ DATA_DIR: dir, OWNER_EMAILS: OWNER, CONTACT_TO: OWNER }, { contentDir, desk: { renderer: deskRenderer(process.cwd()) } });
    stops.push(() => fn.close());
    const server = await listen(fn.app);
    stops.push(() => server.close());
    // The desk client's sign-in reads codes from a mail server; here they are files, read below.
    const unused = await startSmtpPeer();
    stops.push(() => unused.close());
    const owner = deskClient(() => server.url, unused);

    const kept = await fn.store.messages.add(contact(1));
    const gone = await fn.store.messages.add(contact(2, { name: "Erin Erased", message: "Please delete this: the gate code is 4417." }));
    await waitFor(async () => (await mailFiles(mailDir)).filter((text) => text.includes("Message number 1") || text.includes("gate code")).length === 2, 15_000, "both emails as files");

    await owner.get("/owner/sign-in");
    expect((await owner.post("/owner/sign-in", { email: OWNER })).status).toBe(303);
    await waitFor(async () => (await mailFiles(mailDir)).some((text) => /\b\d{6}\b/.test(text) && text.includes("sign")), 15_000, "the sign-in email as a file");
    const signInMail = (await mailFiles(mailDir)).find((text) => text.includes("/owner/sign-in/link")) ?? "";
    await owner.get("/owner/sign-in/code");
    expect((await owner.post("/owner/sign-in/code", { code: codeIn(signInMail) })).status).toBe(303);

    await owner.get(`/owner/messages/${gone.id}/delete`);
    expect((await owner.post(`/owner/messages/${gone.id}/delete`)).status).toBe(303);
    const left = await mailFiles(mailDir);
    expect(left.filter((text) => text.includes("Erin Erased") || text.includes("gate code"))).toEqual([]);
    expect(left.filter((text) => text.includes("Message number 1"))).toHaveLength(1);
    expect(await fn.store.messages.get(kept.id)).toBeDefined();
  }, 60_000);
});
