import { mkdir, open, readdir, readFile, rename, rm, writeFile, type FileHandle } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  buildMessage,
  createFileTransport,
  createMailer,
  createSmtpTransport,
  defaultAddresses,
  isPermanentMailError,
  type MailFileSystem,
} from "./mailer";
import { contactJob, type Submission } from "../store/records";
import { makeTempDir, parseMail, serviceChoices, site, startSmtpPeer, validInput, type SmtpPeer } from "../../tests/test-support";

const submission: Submission = {
  id: "0b7c1e0e-1111-4222-8333-944455556666",
  ...validInput,
  name: `Jane "JJ" O'Doe <b>`,
  message: `<script>alert("x")</script>\nSecond line & more`,
  createdAt: "2025-03-01T12:00:00.000Z",
};
const addresses = { to: "owner@example.com", from: "no-reply@example.com" };

describe("buildMessage", () => {
  const message = buildMessage(submission, site, addresses, serviceChoices);

  it("names the service and the visitor in the subject and replies to the visitor", () => {
    expect(message.subject).toBe(`Tree Trimming & Pruning request from ${submission.name}`);
    expect(message.replyTo).toEqual({ name: submission.name, address: "jane@example.com" });
    expect(message.to).toBe("owner@example.com");
    expect(message.from).toEqual({ name: "Cedar Ridge Tree Service website", address: "no-reply@example.com" });
  });

  it("names the service as its page does (content/services), an unknown value as it is", () => {
    const doctor = buildMessage({ ...submission, serviceType: "tree-doctor" }, site, addresses, serviceChoices);
    expect(doctor.text).toContain("Service: Tree Doctor & Tree Health");
    expect(buildMessage({ ...submission, serviceType: "retired-value" }, site, addresses, serviceChoices).text).toContain("Service: retired-value");
  });

  it("keeps the text part verbatim", () => {
    expect(message.text).toContain(`Name: ${submission.name}`);
    expect(message.text).toContain(submission.message);
    expect(message.text).toContain("Phone: (803) 555-0142");
  });

  it("has a Message-ID made from the submission id and the site's host", () => {
    expect(message.messageId).toBe("<0b7c1e0e-1111-4222-8333-944455556666@cedarridgetree.example>");
  });

  it("keeps a name from opening an encoded word in the Subject and Reply-To", () => {
    const tricky = buildMessage({ ...submission, name: "=?utf-8?B?QmNjOiB4QGV2aWwudGVzdA==?=" }, site, addresses, serviceChoices);
    expect(tricky.subject).not.toContain("=?");
    expect(tricky.replyTo.name).not.toContain("=?");
    expect(tricky.text).toContain("Name: =?utf-8?B?QmNjOiB4QGV2aWwudGVzdA==?=");
  });

  it("says where the visit started, when the form sent it, and nothing when not", () => {
    const led = buildMessage({ ...submission, landingPage: "/locations/irmo-sc", referrer: "google.com" }, site, addresses, serviceChoices);
    expect(led.text).toContain("Visit: came from /locations/irmo-sc via google.com");
    expect(led.html).toContain("<th align=\"left\" scope=\"row\" style=\"padding-right: 16px;\">Visit</th><td>came from /locations/irmo-sc via google.com</td>");
    expect(message.text).not.toContain("Visit:");
  });

  it("escapes every value in the HTML part", () => {
    expect(message.html).not.toContain("<script>");
    expect(message.html).not.toContain("<b>");
    expect(message.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(message.html).toContain("Jane &quot;JJ&quot; O&#39;Doe &lt;b&gt;");
    expect(message.html).toContain("Second line &amp; more");
    expect(message.html).toContain('href="tel:8035550142"');
  });
});

describe("defaultAddresses", () => {
  it("defaults to the site email and no-reply@ the site host", () => {
    expect(defaultAddresses(site, {})).toEqual({ to: "office@cedarridgetree.example", from: "no-reply@cedarridgetree.example" });
    expect(defaultAddresses(site, { CONTACT_TO: "a@x.co", CONTACT_FROM: "b@x.co" })).toEqual({ to: "a@x.co", from: "b@x.co" });
  });
});

describe("isPermanentMailError", () => {
  it("treats 5xx as permanent except 503, and connection errors as transient", () => {
    expect(isPermanentMailError(Object.assign(new Error("no"), { responseCode: 550 }))).toBe(true);
    expect(isPermanentMailError(Object.assign(new Error("later"), { responseCode: 451 }))).toBe(false);
    expect(isPermanentMailError(Object.assign(new Error("seq"), { responseCode: 503 }))).toBe(false);
    expect(isPermanentMailError(Object.assign(new Error("down"), { code: "ECONNECTION" }))).toBe(false);
  });
});

describe("transports", () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  let peer: SmtpPeer | undefined;
  beforeEach(async () => ({ dir, cleanup } = await makeTempDir()));
  afterEach(async () => {
    await peer?.close();
    peer = undefined;
    await cleanup();
  });

  it("writes an .eml file when there is no SMTP server", async () => {
    const mailDir = path.join(dir, "mail");
    const mailer = createMailer({ transport: createFileTransport(mailDir), site, addresses, serviceChoices: async () => serviceChoices });
    await mailer.send(contactJob(submission));
    mailer.close();

    const files = await readdir(mailDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(new RegExp(`${submission.id}\\.eml$`));
    const mail = parseMail(await readFile(path.join(mailDir, files[0] ?? ""), "utf8"));
    expect(mail.headers.get("subject")).toBe(`Tree Trimming & Pruning request from ${submission.name}`);
    expect(mail.text).toContain(submission.message);
    expect(mail.html).toContain("&lt;script&gt;");
  });

  it("forgets a job's .eml files, a half-written one too, and no other job's", async () => {
    const mailDir = path.join(dir, "mail");
    const transport = createFileTransport(mailDir);
    await transport.forget?.(submission.id);
    const mailer = createMailer({ transport, site, addresses, serviceChoices: async () => serviceChoices });
    const other = { ...submission, id: "c0000000-0000-4000-8000-00000000beef" };
    await mailer.send(contactJob(submission));
    await mailer.send(contactJob(other));
    await writeFile(path.join(mailDir, `.2025-03-01T12-00-00-000Z-${submission.id}.eml.tmp`), "half");
    await transport.forget?.(submission.id);
    mailer.close();
    expect(await readdir(mailDir)).toEqual([expect.stringMatching(new RegExp(`-${other.id}\\.eml$`))]);
  });

  it("leaves no .eml file, whole or partial, when the disk fills half-way through a write", async () => {
    const mailDir = path.join(dir, "mail");
    await mkdir(mailDir);
    // A real file whose write stops half-way with ENOSPC, as on a full disk.
    const fullDisk: MailFileSystem = {
      rename,
      rm,
      open: (async (...args: Parameters<typeof open>) => {
        const fh: FileHandle = await open(...args);
        fh.writeFile = async (data) => {
          const bytes = Buffer.from(data as Buffer);
          await fh.write(bytes.subarray(0, bytes.length >> 1));
          throw Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });
        };
        return fh;
      }) as typeof open,
    };
    const failing = createMailer({ transport: createFileTransport(mailDir, fullDisk), site, addresses, serviceChoices: async () => serviceChoices });
    await expect(failing.send(contactJob(submission))).rejects.toThrow(/ENOSPC/);
    failing.close();
    expect(await readdir(mailDir)).toEqual([]);

    // Once there is room again the retry writes one whole file.
    const working = createMailer({ transport: createFileTransport(mailDir), site, addresses, serviceChoices: async () => serviceChoices });
    await working.send(contactJob(submission));
    working.close();
    const files = await readdir(mailDir);
    expect(files).toEqual([expect.stringMatching(/\.eml$/)]);
    expect(parseMail(await readFile(path.join(mailDir, files[0] ?? ""), "utf8")).text).toContain(submission.message);
  });

  it("sends the same Message-ID each time one submission is sent", async () => {
    peer = await startSmtpPeer();
    const mailer = createMailer({ transport: createSmtpTransport(peer.url), site, addresses, serviceChoices: async () => serviceChoices });
    await mailer.send(contactJob(submission));
    await mailer.send(contactJob(submission));
    mailer.close();
    const ids = peer.received.map((mail) => parseMail(mail.raw).headers.get("message-id"));
    expect(ids).toEqual([`<${submission.id}@cedarridgetree.example>`, `<${submission.id}@cedarridgetree.example>`]);
  });

  it("delivers through a real SMTP server with Reply-To, subject, text and HTML", async () => {
    peer = await startSmtpPeer();
    const mailer = createMailer({ transport: createSmtpTransport(peer.url), site, addresses, serviceChoices: async () => serviceChoices });
    await mailer.send(contactJob({ ...submission, name: "Jane Doe" }));
    mailer.close();

    expect(peer.received).toHaveLength(1);
    const [received] = peer.received;
    expect(received?.to).toEqual(["owner@example.com"]);
    expect(received?.from).toBe("no-reply@example.com");
    const mail = parseMail(received?.raw ?? "");
    expect(mail.headers.get("reply-to")).toBe("Jane Doe <jane@example.com>");
    expect(mail.headers.get("subject")).toBe("Tree Trimming & Pruning request from Jane Doe");
    expect(mail.text).toContain('<script>alert("x")</script>');
    expect(mail.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(mail.html).not.toContain("<script>");
  });
});
