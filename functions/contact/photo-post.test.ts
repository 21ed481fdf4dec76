import { readdir } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import { gzipSync } from "node:zlib";
import pg from "pg";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { photoLimits } from "../../src/content/contact-photos";
import { startCluster, type TestCluster } from "../../tests/postgres-cluster";
import { contentDir, listen, makeTempDir, parseMail, recordingLogger, startSmtpPeer, validInput, waitFor, type SmtpPeer } from "../../tests/test-support";
import { MESSAGE_PHOTOS_DIR } from "../store/files/file-names";
import { createContactFunction, type ContactFunction } from "./app";
import { createPhotoLinkTokens } from "./photo-links";

// POST /api/contact as multipart/form-data with photos (shared/CONTRACT.md, turn 4), through
// createContactFunction as the servers run it, on both stores, with a real SMTP peer and real
// images made by sharp.

/** A camera photo: 3000 × 2000, to be turned by its EXIF orientation (6: a quarter turn), with the phone's make and a GPS position in its EXIF. */
const cameraJpeg = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: "#5a7" } })
  .jpeg()
  .withExif({ IFD0: { Make: "PhoneMaker", Model: "Pocket 12" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "34/1 9/1 0/1", GPSLongitudeRef: "W", GPSLongitude: "81/1 20/1 0/1" } })
  .withMetadata({ orientation: 6 })
  .toBuffer();
const screenshotPng = await sharp({ create: { width: 800, height: 600, channels: 4, background: "#3366cc80" } }).png().toBuffer();

interface Photo {
  name: string;
  bytes: Uint8Array;
  type?: string;
}

/** The form as the island sends it: the fields, then the photos. */
function formData(photos: readonly Photo[], fields: Record<string, string> = validInput): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const photo of photos) form.append("photos", new Blob([new Uint8Array(photo.bytes)], { type: photo.type ?? "image/jpeg" }), photo.name);
  return form;
}

let cluster: TestCluster | undefined;
beforeAll(async () => void (cluster = await startCluster()), 60_000);
afterAll(() => cluster?.remove());

const open: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of open.splice(0).reverse()) await close();
});

for (const kind of ["files", "postgres"] as const) {
  describe(`a message with photos (${kind} store)`, () => {
    let peer: SmtpPeer;
    let contact: ContactFunction;
    let url: string;
    let dataDir: string;
    let databaseUrl: string | undefined;

    async function start(env: Record<string, string> = {}): Promise<void> {
      const temp = await makeTempDir();
      dataDir = temp.dir;
      peer = await startSmtpPeer();
      databaseUrl = kind === "postgres" ? await cluster?.createDatabase() : undefined;
      contact = await createContactFunction(
        { DATA_DIR: dataDir, SMTP_URL: peer.url, CONTACT_RATE_LIMIT: "0", ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), ...env },
        { contentDir, logger: recordingLogger(), retryDelays: [100] },
      );
      const server = await listen(contact.app);
      url = server.url;
      open.push(temp.cleanup, () => peer.close(), () => contact.close(), server.close);
    }

    const send = (body: FormData, headers: Record<string, string> = {}) =>
      fetch(`${url}/api/contact`, { method: "POST", headers: { accept: "application/json", ...headers }, body, redirect: "manual" });

    /** Every photo kept, whatever the store. */
    async function keptPhotos(): Promise<string[]> {
      if (!databaseUrl) return readdir(path.join(dataDir, MESSAGE_PHOTOS_DIR)).catch(() => []);
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        return (await client.query<{ sha: string }>("SELECT sha FROM message_photos")).rows.map((row) => row.sha);
      } finally {
        await client.end();
      }
    }

    /** Nothing of a refused post was kept: no message, held or not, no photo, no file left in DATA_DIR by the post. */
    async function nothingKept(): Promise<void> {
      expect(await contact.store.messages.all("inbox")).toEqual([]);
      expect(await contact.store.messages.all("spam")).toEqual([]);
      expect(await keptPhotos()).toEqual([]);
      // The files store makes its files on the first write; the keys are made at start.
      const left = (await readdir(dataDir)).filter((name) => !["review-secret", "photo-link-key", "outbox.jsonl"].includes(name));
      expect(kind === "files" ? left : []).toEqual([]);
    }

    it("stores two photos with the message, turned upright and without camera data, links them from the email, and the links open them for 30 days", async () => {
      await start();
      const res = await send(formData([{ name: "IMG_1234.JPG", bytes: cameraJpeg }, { name: "Screenshot.png", bytes: screenshotPng, type: "image/png" }]));
      expect(res.status).toBe(201);
      const { id } = (await res.json()) as { id: string };

      const message = await contact.store.messages.get(id);
      expect(message).toMatchObject({ name: validInput.name, message: validInput.message });
      const photos = message?.photos ?? [];
      // The camera photo stood on its side: 2000 × 3000, made at most 2048 on its longest side.
      expect(photos.map(({ width, height }) => [width, height])).toEqual([
        [1365, 2048],
        [800, 600],
      ]);
      expect((await keptPhotos()).sort()).toEqual(photos.flatMap((p) => [p.sha, p.thumb]).sort());
      for (const photo of photos) {
        const bytes = await contact.store.messagePhotos.get(photo.sha);
        const meta = await sharp(bytes).metadata();
        expect(meta).toMatchObject({ format: "jpeg", width: photo.width, height: photo.height });
        // No EXIF at all (no make, no GPS), no orientation left to apply, no XMP, no ICC profile.
        expect([meta.exif, meta.orientation, meta.xmp, meta.icc]).toEqual([undefined, undefined, undefined, undefined]);
        expect(bytes?.includes("PhoneMaker")).toBe(false);
        const thumb = await sharp(await contact.store.messagePhotos.get(photo.thumb)).metadata();
        expect(Math.max(thumb.width ?? 0, thumb.height ?? 0)).toBe(480);
      }

      await waitFor(() => peer.received.length === 1, 15_000, "the notification");
      const mail = parseMail(peer.received[0]?.raw ?? "");
      // No attachment: one text part and one HTML part.
      expect(peer.received[0]?.raw).not.toMatch(/Content-Disposition: attachment/i);
      const links = [...mail.text.matchAll(/^Photo (\d): (\S+)$/gm)].map((m) => new URL(m[2] ?? ""));
      expect(links).toHaveLength(2);
      expect(mail.html).toContain(`<img src="${links[0]?.href}/small"`);
      const local = (link: URL, suffix = "") => `${url}${link.pathname}${suffix}`;

      const first = await fetch(local(links[0] ?? new URL("http://x")));
      expect(first.status).toBe(200);
      expect(Object.fromEntries(["content-type", "x-content-type-options", "content-disposition", "cache-control", "referrer-policy"].map((h) => [h, first.headers.get(h)]))).toEqual({
        "content-type": "image/jpeg",
        "x-content-type-options": "nosniff",
        "content-disposition": 'inline; filename="photo-1.jpg"',
        "cache-control": "private, max-age=86400",
        "referrer-policy": "no-referrer",
      });
      expect(first.headers.get("content-security-policy")).toContain("default-src 'none'");
      expect(Buffer.from(await first.arrayBuffer()).equals((await contact.store.messagePhotos.get(photos[0]?.sha ?? "")) ?? Buffer.alloc(0))).toBe(true);
      const small = await fetch(local(links[1] ?? new URL("http://x"), "/small"));
      expect([small.status, (await sharp(Buffer.from(await small.arrayBuffer())).metadata()).width]).toEqual([200, 480]);

      // Altered in any part, or made up: 404; the same photo signed as if the message were 31 days old: 410.
      const token = links[0]?.pathname.split("/").pop() ?? "";
      for (const altered of [token.replace(".0.", ".1.").replace(/.$/, (c) => (c === "A" ? "B" : "A")), token.replace(".0.", ".1."), `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`, "nothing"]) {
        const res = await fetch(`${url}/api/contact/photos/${altered}`);
        expect([altered, res.status]).toEqual([altered, 404]);
      }
      const tokens = createPhotoLinkTokens(await contact.store.keys.get("photo-link-key"));
      const old = new Date(Date.now() - 31 * 24 * 60 * 60_000).toISOString();
      const expired = await fetch(`${url}/api/contact/photos/${tokens.sign(id, 0, old)}`);
      expect(expired.status).toBe(410);
      expect(await expired.text()).toContain("This link has expired");
      // Signed with another key: 404.
      const stranger = createPhotoLinkTokens(Buffer.alloc(32, 7)).sign(id, 0, new Date().toISOString());
      expect((await fetch(`${url}/api/contact/photos/${stranger}`)).status).toBe(404);
    });

    it("refuses a file that is not a photo, naming it, and keeps nothing of the post", async () => {
      await start();
      const res = await send(formData([{ name: "IMG_1235.jpg", bytes: cameraJpeg }, { name: "notes.jpg", bytes: Buffer.from("Call Jim about the oak by the driveway.\n".repeat(20)) }]));
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ ok: false, errors: { photos: "notes.jpg is not a photo. Send photos as JPEG, PNG or WebP, or send the message without it." } });
      const heic = Buffer.concat([Buffer.from("000000186674797068656963000000006d69663168656963", "hex"), Buffer.alloc(400)]);
      const iphone = await send(formData([{ name: "IMG_0042.HEIC", bytes: heic, type: "image/heic" }]));
      expect([iphone.status, ((await iphone.json()) as { errors: { photos: string } }).errors.photos]).toEqual([
        400,
        "IMG_0042.HEIC is an iPhone HEIC photo, which we cannot open: send it as JPEG (choose it again from Photos in this form, or set Settings > Camera > Formats to Most Compatible).",
      ]);
      await nothingKept();
    });

    it("refuses six photos, a photo over 10 MB, photos over 25 MB together, and a photo of too many pixels before decoding it", async () => {
      await start();
      const six = await send(formData(Array.from({ length: 6 }, (_, i) => ({ name: `IMG_${i}.png`, bytes: screenshotPng, type: "image/png" }))));
      expect([six.status, await six.json()]).toEqual([400, { ok: false, errors: { photos: "Send at most 5 photos with one message." } }]);

      const big = Buffer.concat([cameraJpeg, Buffer.alloc(photoLimits.bytesEach)]);
      const tooBig = await send(formData([{ name: "IMG_9999.jpg", bytes: big }]));
      expect([tooBig.status, await tooBig.json()]).toEqual([413, { ok: false, errors: { photos: "IMG_9999.jpg is bigger than 10 MB, the most one photo can be: send a smaller copy of it." } }]);

      const nine = Buffer.concat([cameraJpeg, Buffer.alloc(9 * 1024 * 1024)]);
      const together = await send(formData([1, 2, 3].map((n) => ({ name: `IMG_${n}.jpg`, bytes: nine }))));
      expect([together.status, await together.json()]).toEqual([413, { ok: false, errors: { photos: "The photos are more than 25 MB together: send fewer of them." } }]);

      // 60 megapixels of one colour: under 2 MB as a PNG, 180 MB once decoded.
      const bomb = await sharp({ create: { width: 10_000, height: 6_000, channels: 3, background: "#fff" } }).png({ compressionLevel: 9 }).toBuffer();
      expect(bomb.byteLength).toBeLessThan(2_000_000);
      const refused = await send(formData([{ name: "huge.png", bytes: bomb, type: "image/png" }]));
      // These words come from the header's size alone (functions/photos/image-bytes.ts readPhotoHeader): nothing was decoded.
      expect([refused.status, await refused.json()]).toEqual([400, { ok: false, errors: { photos: "huge.png is 60 megapixels, more than we can open: send a smaller copy of it." } }]);
      await nothingKept();
    });

    it("refuses a compressed body (415) and a declared length over the limit (413) without reading them", async () => {
      await start();
      const form = new Response(formData([{ name: "IMG_1.jpg", bytes: cameraJpeg }]));
      const type = form.headers.get("content-type") ?? "";
      const body = Buffer.from(await form.arrayBuffer());
      const gzipped = await fetch(`${url}/api/contact`, { method: "POST", headers: { "content-type": type, "content-encoding": "gzip", accept: "application/json" }, body: gzipSync(body) });
      expect(gzipped.status).toBe(415);

      // Headers that declare 30 MB, and no body at all: the answer comes without waiting for it.
      const answer = await rawRequest(url, `POST /api/contact HTTP/1.1\r\nHost: x\r\nAccept: application/json\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: ${30 * 1024 * 1024}\r\n\r\n`);
      expect(answer.split("\r\n")[0]).toBe("HTTP/1.1 413 Payload Too Large");
      await nothingKept();
    });

    it("refuses a post without its length (411), too many fields or parts, a field over 16 KiB, a file under another name and a field after a photo, keeping nothing", async () => {
      await start();
      const boundary = "b0undary";
      /** A multipart body by hand: each part's headers and value. */
      const body = (parts: Array<{ headers: string; value: string | Uint8Array }>) =>
        Buffer.concat([...parts.flatMap(({ headers, value }) => [Buffer.from(`--${boundary}\r\n${headers}\r\n\r\n`), Buffer.from(value), Buffer.from("\r\n")]), Buffer.from(`--${boundary}--\r\n`)]);
      const field = (name: string, value: string) => ({ headers: `Content-Disposition: form-data; name="${name}"`, value });
      const file = (name: string, value: Uint8Array) => ({ headers: `Content-Disposition: form-data; name="${name}"; filename="IMG_1.jpg"\r\nContent-Type: image/jpeg`, value });
      const fields = Object.entries(validInput).map(([name, value]) => field(name, value));
      const post = (bytes: Buffer) =>
        fetch(`${url}/api/contact`, { method: "POST", headers: { accept: "application/json", "content-type": `multipart/form-data; boundary=${boundary}` }, body: new Uint8Array(bytes) });
      const answer = async (res: Response) => [res.status, await res.json()];

      // Chunked, no Content-Length: refused before a byte of it is read (refuseUnreadableBodies).
      const chunked = await rawRequest(
        url,
        `POST /api/contact HTTP/1.1\r\nHost: x\r\nAccept: application/json\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nTransfer-Encoding: chunked\r\n\r\n`,
      );
      expect(chunked.split("\r\n")[0]).toBe("HTTP/1.1 411 Length Required");

      const tooLarge = { ok: false, message: "The message is too large (limit 16 KiB)" };
      const many = Array.from({ length: 21 }, (_, i) => field(`extra${i}`, "x"));
      expect(await answer(await post(body([...fields, ...many])))).toEqual([413, tooLarge]);
      // Parts without a name are skipped by the parser, but counted.
      const nameless = Array.from({ length: 100 }, () => ({ headers: "Content-Type: text/plain", value: "x" }));
      expect(await answer(await post(body([...fields, ...nameless])))).toEqual([413, tooLarge]);
      expect(await answer(await post(body([...fields.filter((f) => !f.headers.includes('"message"')), field("message", "x".repeat(17 * 1024))])))).toEqual([413, tooLarge]);

      const unreadable = { ok: false, errors: { form: "The form data could not be read" } };
      expect(await answer(await post(body([...fields, file("attachment", cameraJpeg)])))).toEqual([400, unreadable]);
      const late = { ok: false, errors: { form: "Send the form's fields before its photos." } };
      // The fields are judged at the first photo; one coming after it is refused, not taken unjudged.
      expect(await answer(await post(body([...fields, file("photos", cameraJpeg), field("referrer", "https://example.com/")])))).toEqual([400, late]);
      await nothingKept();
    });

    it("answers a photo over 10 MB as soon as it passes the limit, before the rest of the post is sent", async () => {
      await start();
      const form = formData([{ name: "IMG_2000.jpg", bytes: Buffer.concat([cameraJpeg, Buffer.alloc(photoLimits.bytesEach + 1024 * 1024)]) }]);
      const response = new Response(form);
      const body = Buffer.from(await response.arrayBuffer());
      const head = `POST /api/contact HTTP/1.1\r\nHost: x\r\nAccept: application/json\r\nContent-Type: ${response.headers.get("content-type")}\r\nContent-Length: ${body.byteLength}\r\n\r\n`;
      // All but the last 512 KB: the answer must come while the client still holds those back.
      const answer = await rawRequest(url, head, body.subarray(0, body.byteLength - 512 * 1024));
      expect(answer.split("\r\n")[0]).toBe("HTTP/1.1 413 Payload Too Large");
      expect(answer).toContain("IMG_2000.jpg is bigger than 10 MB");
      await nothingKept();
    });

    it("refuses a file that is no photo from its first bytes, and photos over 25 MB together in a post whose declared length passes, as they come", async () => {
      await start();
      const head = (response: Response, length: number) =>
        `POST /api/contact HTTP/1.1\r\nHost: x\r\nAccept: application/json\r\nContent-Type: ${response.headers.get("content-type")}\r\nContent-Length: ${length}\r\n\r\n`;
      const pdf = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(2 * 1024 * 1024)]);
      const notPhoto = new Response(formData([{ name: "quote.pdf", bytes: pdf, type: "image/jpeg" }]));
      const body = Buffer.from(await notPhoto.arrayBuffer());
      // The file's first 64 KB only: the answer must come while the client still holds the rest back.
      const answer = await rawRequest(url, head(notPhoto, body.byteLength), body.subarray(0, body.byteLength - pdf.byteLength + 64 * 1024));
      expect(answer.split("\r\n")[0]).toBe("HTTP/1.1 400 Bad Request");
      expect(answer).toContain("quote.pdf is not a photo.");

      // Three photos of 8.35 MB: 25.06 MB together, and the whole post within what may be declared.
      const third = Buffer.concat([cameraJpeg, Buffer.alloc(Math.ceil(photoLimits.bytesTotal / 3) + 20 * 1024 - cameraJpeg.byteLength)]);
      const three = await send(formData([1, 2, 3].map((n) => ({ name: `IMG_${n}.jpg`, bytes: third }))));
      expect([three.status, await three.json()]).toEqual([413, { ok: false, errors: { photos: "The photos are more than 25 MB together: send fewer of them." } }]);
      await nothingKept();
    });

    it("counts posts with photos against the rate limit, exactly, when many come at once from several addresses", async () => {
      await start({ CONTACT_RATE_LIMIT: "2", TRUST_PROXY: "127.0.0.1" });
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          send(formData([{ name: `IMG_${i}.png`, bytes: screenshotPng, type: "image/png" }]), { "x-forwarded-for": `203.0.113.${i % 3}` }).then((res) => ({ address: i % 3, status: res.status })),
        ),
      );
      for (const address of [0, 1, 2]) expect(answers.filter((a) => a.address === address && a.status === 201)).toHaveLength(2);
      expect(answers.filter((a) => a.status === 429)).toHaveLength(6);
      expect(await contact.store.messages.all("inbox")).toHaveLength(6);
    });

    it("holds a post with photos as spam without keeping its photos, answering it like any other", async () => {
      await start();
      const res = await send(formData([{ name: "IMG_1.jpg", bytes: cameraJpeg }], { ...validInput, website: "https://spam.example" }));
      expect(res.status).toBe(201);
      const [held] = await contact.store.messages.all("spam");
      expect(held?.photos).toBeUndefined();
      expect(await keptPhotos()).toEqual([]);
    });

    it("takes the form without JavaScript: 303 to the thank-you page, or the form again saying what to fix", async () => {
      await start();
      const page = { accept: "text/html,application/xhtml+xml" };
      const sent = await send(formData([{ name: "IMG_1.jpg", bytes: cameraJpeg }]), page);
      expect([sent.status, sent.headers.get("location")]).toEqual([303, "/contact/thank-you/"]);
      // The empty file input a form without photos sends: one part, no name, no bytes.
      const none = formData([{ name: "", bytes: new Uint8Array(0), type: "application/octet-stream" }]);
      expect((await send(none, page)).status).toBe(303);
      const refused = await send(formData([{ name: "IMG_2.jpg", bytes: cameraJpeg }], { ...validInput, email: "not an email" }), page);
      expect(refused.status).toBe(400);
      const html = await refused.text();
      expect(html).toContain("Invalid email address");
      expect(html).toContain("Your photos were not kept: choose them again.");
      // No photo chosen: nothing said of photos.
      const plain = await send(formData([{ name: "", bytes: new Uint8Array(0), type: "application/octet-stream" }], { ...validInput, email: "not an email" }), page);
      expect([plain.status, (await plain.text()).includes("not kept")]).toEqual([400, false]);
      expect((await contact.store.messages.all("inbox")).map((m) => m.photos?.length ?? 0)).toEqual([1, 0]);
    });
  });
}

/** Sends `head` and `body` on a raw connection, holding back whatever else the request declared; resolves with what the server answered once it closes. */
function rawRequest(url: string, head: string, body: Uint8Array = new Uint8Array(0)): Promise<string> {
  const { port, hostname } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => {
      socket.write(head);
      socket.write(body);
    });
    let answer = "";
    socket.on("data", (chunk: Buffer) => {
      answer += chunk.toString("utf8");
      // The whole answer is in once its JSON or page ends: no need to wait for the close.
      if (/\r\n\r\n[\s\S]*[}>]\s*$/.test(answer)) socket.destroy();
    });
    socket.on("close", () => resolve(answer));
    socket.on("error", (error: NodeJS.ErrnoException) => (answer ? resolve(answer) : reject(error)));
  });
}
