// Helpers for the functions' tests (and the browser tests that post to them): real
// temp dirs, a real SMTP peer on an ephemeral port, a listening app. Nothing here is mocked.
import { mkdtemp, rm } from "node:fs/promises";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Express } from "express";
import { SMTPServer } from "smtp-server";
import type { Logger } from "../functions/logger";
import { createFilesStore } from "../functions/store/files/files-store";
import type { MessageBox } from "../functions/store/message-store";
import type { Submission } from "../functions/store/records";
import type { VisitCount } from "../functions/store/visits-store";
import { loadSite } from "../src/content/load-content";
import { loadServiceChoices } from "../src/content/services";

/** The real content's site facts and form choices, read by the same loaders as the site and the function. */
export const contentDir = path.resolve(import.meta.dirname, "../content");
export const site = await loadSite(contentDir, {});
export const { choices: serviceChoices } = await loadServiceChoices(contentDir);

export const validInput = {
  name: "Jane Doe",
  email: "jane@example.com",
  phone: "(803) 555-0142",
  serviceType: "tree-trimming",
  message: "The big oak by the driveway is leaning after the storm.",
} as const;

/** The messages a server stored in `dataDir`, oldest first, read through a files store of their own. */
export async function storedMessages(dataDir: string, box: MessageBox = "inbox"): Promise<Submission[]> {
  const store = await createFilesStore({ dataDir, logger: recordingLogger() });
  try {
    return await store.messages.all(box);
  } finally {
    await store.close();
  }
}

export async function makeTempDir(): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), "contact-test-"));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** A logger that keeps its lines, so tests stay quiet and can assert warnings. */
export function recordingLogger(): Logger & { warnings: string[]; errors: string[] } {
  const warnings: string[] = [];
  const errors: string[] = [];
  return {
    warnings,
    errors,
    warn: (message) => void warnings.push(message),
    error: (message) => void errors.push(message),
  };
}

export async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000, what = "condition"): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface SmtpPeer {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** Reply code for the next messages: undefined accepts, 550 rejects for good, 451 for now. */
  rejectWith: number | undefined;
  /** Milliseconds each message waits for its reply code: a slow mail server, whose sender has mail in flight. */
  delayMs?: number;
  close(): Promise<void>;
}

/** A real SMTP server on 127.0.0.1; `port` 0 picks a free one, a number reopens a known one. */
export async function startSmtpPeer(port = 0): Promise<SmtpPeer> {
  const received: ReceivedMail[] = [];
  const peer: SmtpPeer = {
    port: 0,
    url: "",
    received,
    rejectWith: undefined,
    close: async () => undefined,
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    closeTimeout: 200,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      const answer = () => {
        if (peer.rejectWith !== undefined) {
          const error = Object.assign(new Error(`Rejected by the test peer (${peer.rejectWith})`), { responseCode: peer.rejectWith });
          callback(error);
          return;
        }
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
        received.push({ from, to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString("utf8") });
        callback();
      };
      stream.on("end", () => setTimeout(answer, peer.delayMs ?? 0));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  // A client killed mid-session (the crash tests) resets its connection; that is the client's story, not a failure here.
  server.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "ECONNRESET") throw error;
  });
  const address: AddressInfo | string | null = server.server.address();
  if (typeof address !== "object" || address === null) throw new Error("SMTP peer has no port");
  peer.port = address.port;
  peer.url = `smtp://127.0.0.1:${address.port}`;
  peer.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return peer;
}

export interface ParsedMail {
  headers: Map<string, string>;
  text: string;
  html: string;
  /** Every part that is not a multipart, as decoded text, with its headers: a calendar invitation, an .ics attachment. */
  parts: Array<{ headers: Map<string, string>; body: string }>;
}

/** Just enough MIME for our own messages: headers, and the parts of nested multiparts (text, HTML, a calendar invitation and its attachment). */
export function parseMail(raw: string): ParsedMail {
  const normalized = raw.replace(/\r\n/g, "\n");
  const [head = "", ...rest] = normalized.split("\n\n");
  const headers = parseHeaders(head);
  const parts: ParsedMail["parts"] = [];
  const walk = (partHeaders: Map<string, string>, body: string) => {
    const boundary = /boundary="?([^";]+)"?/.exec(partHeaders.get("content-type") ?? "")?.[1];
    if (!boundary) {
      parts.push({ headers: partHeaders, body: decodeBody(body.replace(/\n$/, ""), partHeaders.get("content-transfer-encoding") ?? "7bit") });
      return;
    }
    for (const part of body.split(`--${boundary}`).slice(1, -1)) {
      const [partHead = "", ...partBody] = part.replace(/^\n/, "").split("\n\n");
      walk(parseHeaders(partHead), partBody.join("\n\n"));
    }
  };
  walk(headers, rest.join("\n\n"));
  const ofType = (type: string) => parts.find((part) => part.headers.get("content-type")?.startsWith(type))?.body ?? "";
  return { headers, text: ofType("text/plain"), html: ofType("text/html"), parts };
}

function parseHeaders(head: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, " ").split("\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), decodeWords(line.slice(colon + 1).trim()));
  }
  return headers;
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= / =?UTF-8?B?...?=), as nodemailer writes non-ASCII or special headers. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_match, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === "B"
        ? Buffer.from(data, "base64").toString("utf8")
        : decodeBody(data.replace(/_/g, " "), "quoted-printable"),
    );
}

function decodeBody(body: string, encoding: string): string {
  if (encoding.toLowerCase() === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding.toLowerCase() === "quoted-printable") {
    const joined = body.replace(/=\n/g, "");
    const bytes: number[] = [];
    for (let i = 0; i < joined.length; i++) {
      const hex = joined.slice(i + 1, i + 3);
      if (joined[i] === "=" && /^[0-9A-F]{2}$/i.test(hex)) {
        bytes.push(parseInt(hex, 16));
        i += 2;
      } else {
        bytes.push(...Buffer.from(joined[i] ?? "", "utf8"));
      }
    }
    return Buffer.from(bytes).toString("utf8");
  }
  return body;
}

/** Listens on an ephemeral loopback port. */
export async function listen(app: Express): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = await new Promise((resolve, reject) => {
    const s = app.listen(0, "127.0.0.1", (error?: Error) => (error ? reject(error) : resolve(s)));
  });
  const address: AddressInfo | string | null = server.address();
  if (typeof address !== "object" || address === null) throw new Error("server has no port");
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** One visit count row for a test: a phone, no page, no source, counted once, unless `fields` say otherwise. */
export const visitCount = (day: string, kind: VisitCount["kind"], fields: Partial<VisitCount> = {}): VisitCount => ({
  day,
  kind,
  path: "",
  source: "",
  device: "phone",
  landing: "",
  button: "",
  count: 1,
  ...fields,
});
