import { randomUUID } from "node:crypto";
import { mkdir, open, readdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Site } from "../../src/content/site";
import { isErrno } from "../../src/content/errno";
import { escapeHtml } from "../../src/format/escape-html";
import { formatVisitOrigin } from "../../src/format/visit-origin";
import type { Review } from "../../src/content/review";
import { serviceLabel, type ServiceChoice } from "../../src/content/contact";
import { createDirectorySync } from "../store/files/jsonl-append";
import type { LeadSource, MailJob, ReportJob, SignInJob, Submission, VisitJob } from "../store/records";
import { buildVisitMessage, type VisitMailLinks } from "../estimate-visits/visit-mail";
import { headerText, notificationMessageId, type MailAddresses, type NotificationMessage } from "./notification-message";

export { headerText, notificationMessageId, type MailAddresses, type NotificationMessage } from "./notification-message";

/** CONTACT_TO defaults to the business email, CONTACT_FROM to no-reply@ the site's host (see shared/CONTRACT.md). */
export function defaultAddresses(site: Site, env: { CONTACT_TO?: string; CONTACT_FROM?: string }): MailAddresses {
  return {
    to: env.CONTACT_TO || site.email,
    from: env.CONTACT_FROM || `no-reply@${new URL(site.url).hostname}`,
  };
}

const receivedText = (createdAt: string): string => {
  const received = new Date(createdAt);
  return Number.isNaN(received.getTime()) ? createdAt : received.toUTCString();
};

/** "Visit: came from /locations/irmo-sc via google.com", when the post carried where its visit started (functions/visits/lead-source.ts). */
const visitRow = (post: LeadSource): Array<[string, string]> => {
  const origin = formatVisitOrigin(post.landingPage, post.referrer);
  return origin ? [["Visit", origin]] : [];
};

/** A photo of a message in its email: signed links to it whole and to its small copy (functions/contact/photo-links.ts). */
export interface PhotoLink {
  full: string;
  small: string;
}

/**
 * Builds the owner's notification for one submission. Pure: no clock, no I/O.
 * `services`: the form's choices (the services' titles), which name the service asked for.
 * `photos`: links to the photos sent with it; never attachments, which a stranger could make
 * into anything the owner's mail program then opens.
 */
export function buildMessage(
  submission: Submission,
  site: Site,
  addresses: MailAddresses,
  services: readonly ServiceChoice[],
  photos: readonly PhotoLink[] = [],
): NotificationMessage & Required<Pick<NotificationMessage, "replyTo">> {
  const service = serviceLabel(services, submission.serviceType);
  const rows: Array<[string, string]> = [
    ["Name", submission.name],
    ["Email", submission.email],
    ["Phone", submission.phone],
    ["Service", service],
    ["Received", receivedText(submission.createdAt)],
    ...visitRow(submission),
  ];

  const text = [
    `New message from the ${site.name} website contact form.`,
    "",
    ...rows.map(([label, value]) => `${label}: ${value}`),
    "",
    "Message:",
    submission.message,
    ...(photos.length > 0 ? ["", `${photoCount(photos.length)} (links work for 30 days; the desk keeps them with the message):`, ...photos.map((photo, i) => `Photo ${i + 1}: ${photo.full}`)] : []),
    "",
    `Reply to this email to answer ${submission.name} directly.`,
    `Submission id: ${submission.id}`,
  ].join("\n");

  const tel = submission.phone.replace(/[^\d+]/g, "");
  const cell = (label: string, value: string): string => {
    if (label === "Email") return `<a href="mailto:${escapeHtml(value)}">${escapeHtml(value)}</a>`;
    if (label === "Phone" && tel) return `<a href="tel:${escapeHtml(tel)}">${escapeHtml(value)}</a>`;
    return escapeHtml(value);
  };
  const html = [
    "<!doctype html>",
    `<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(`New ${service} request`)}</title></head>`,
    '<body style="font-family: Arial, sans-serif; line-height: 1.5; color: #1f2933;">',
    `<h1 style="font-size: 20px;">New message from the ${escapeHtml(site.name)} website</h1>`,
    '<table cellpadding="6" style="border-collapse: collapse;">',
    ...rows.map(
      ([label, value]) =>
        `<tr><th align="left" scope="row" style="padding-right: 16px;">${label}</th><td>${cell(label, value)}</td></tr>`,
    ),
    "</table>",
    '<h2 style="font-size: 16px;">Message</h2>',
    `<p style="white-space: pre-wrap;">${escapeHtml(submission.message)}</p>`,
    ...(photos.length > 0
      ? [
          `<h2 style="font-size: 16px;">${photoCount(photos.length)}</h2>`,
          "<p>",
          ...photos.map(
            (photo, i) =>
              `<a href="${escapeHtml(photo.full)}" style="display: inline-block; margin: 0 8px 8px 0;"><img src="${escapeHtml(photo.small)}" width="160" alt="Photo ${i + 1} of ${photos.length}, sent by ${escapeHtml(submission.name)}" style="border: 0; max-width: 160px; height: auto;"></a>`,
          ),
          "</p>",
          '<p style="color: #616e7c; font-size: 12px;">Tap a photo to see it whole. The links work for 30 days; the desk keeps the photos with the message.</p>',
        ]
      : []),
    `<p style="color: #616e7c; font-size: 12px;">Reply to this email to answer ${escapeHtml(submission.name)} directly. Submission id: ${escapeHtml(submission.id)}</p>`,
    "</body></html>",
  ].join("\n");

  return {
    from: { name: `${site.name} website`, address: addresses.from },
    to: addresses.to,
    // nodemailer encodes the display name, so a quote or comma in a name cannot break the header.
    replyTo: { name: headerText(submission.name), address: submission.email },
    subject: `${service} request from ${headerText(submission.name)}`,
    text,
    html,
    messageId: notificationMessageId(submission, site),
    headers: { "X-Submission-Id": submission.id },
  };
}

const photoCount = (n: number): string => (n === 1 ? "1 photo" : `${n} photos`);

/** The two links in a review notification; each opens a confirmation page (functions/reviews/app.ts). */
export interface ReviewLinks {
  approve: string;
  reject: string;
}

/** Builds the owner's notification for one review: the review and its approve/reject links. Pure, like buildMessage. */
export function buildReviewMessage(review: Review & LeadSource, links: ReviewLinks, site: Site, addresses: MailAddresses): NotificationMessage {
  const stars = `${"★".repeat(review.rating)}${"☆".repeat(5 - review.rating)} (${review.rating} of 5)`;
  const rows: Array<[string, string]> = [
    ["Name", review.name],
    ["Town", review.location],
    ["Rating", stars],
    ["Received", receivedText(review.createdAt)],
    ...visitRow(review),
  ];
  const cli = `npm run reviews -- approve ${review.id}`;
  const text = [
    `New review on the ${site.name} website. It is not shown until you approve it.`,
    "",
    ...rows.map(([label, value]) => `${label}: ${value}`),
    "",
    "Review:",
    review.text,
    "",
    `Approving shows it on ${new URL("/reviews", site.url).href}.`,
    `Approve: ${links.approve}`,
    `Reject: ${links.reject}`,
    "",
    `Each link opens a page with one button; nothing changes until you press it. The links work once, for 30 days. On the server you can also run: ${cli}`,
    `Review id: ${review.id}`,
  ].join("\n");
  const html = [
    "<!doctype html>",
    `<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(`New review from ${review.name}`)}</title></head>`,
    '<body style="font-family: Arial, sans-serif; line-height: 1.5; color: #1f2933;">',
    `<h1 style="font-size: 20px;">New review on the ${escapeHtml(site.name)} website</h1>`,
    "<p>It is not shown until you approve it.</p>",
    '<table cellpadding="6" style="border-collapse: collapse;">',
    ...rows.map(([label, value]) => `<tr><th align="left" scope="row" style="padding-right: 16px;">${label}</th><td>${escapeHtml(value)}</td></tr>`),
    "</table>",
    '<h2 style="font-size: 16px;">Review</h2>',
    `<p style="white-space: pre-wrap;">${escapeHtml(review.text)}</p>`,
    `<p><a href="${escapeHtml(links.approve)}" style="font-weight: bold;">Approve this review</a> &nbsp; <a href="${escapeHtml(links.reject)}">Reject it</a></p>`,
    `<p style="color: #616e7c; font-size: 12px;">Each link opens a page with one button; nothing changes until you press it. The links work once, for 30 days. On the server: <code>${escapeHtml(cli)}</code>. Review id: ${escapeHtml(review.id)}</p>`,
    "</body></html>",
  ].join("\n");
  return {
    from: { name: `${site.name} website`, address: addresses.from },
    to: addresses.to,
    subject: `New ${review.rating}-star review from ${headerText(review.name)}`,
    text,
    html,
    messageId: notificationMessageId(review, site),
    headers: { "X-Review-Id": review.id },
  };
}

/**
 * The desk's sign-in email (functions/desk/sign-in.ts queues it): the code first, in the subject
 * too (it shows in the phone's notification), then the link; each good once until the job's
 * expiry. Pure, like buildMessage.
 */
export function buildSignInMessage(job: SignInJob, site: Site, addresses: MailAddresses): NotificationMessage {
  const until = receivedText(job.expiresAt);
  const rule = `The code and the link work once, for 15 minutes (until ${until}). If you did not ask to sign in, ignore this email: nobody can sign in without it.`;
  const text = [
    `Your code to sign in to the ${site.name} desk:`,
    "",
    `    ${job.secret.code}`,
    "",
    "Or open this link on the phone or computer you want to sign in on:",
    job.secret.link,
    "",
    rule,
  ].join("\n");
  const html = [
    "<!doctype html>",
    `<html lang="en"><head><meta charset="utf-8"><title>Sign in to the ${escapeHtml(site.name)} desk</title></head>`,
    '<body style="font-family: Arial, sans-serif; line-height: 1.5; color: #1f2933;">',
    `<p>Your code to sign in to the ${escapeHtml(site.name)} desk:</p>`,
    `<p style="font-size: 32px; font-weight: bold; letter-spacing: 6px;">${escapeHtml(job.secret.code)}</p>`,
    `<p>Or <a href="${escapeHtml(job.secret.link)}">sign in with this link</a> on the phone or computer you want to use.</p>`,
    `<p style="color: #616e7c; font-size: 13px;">${escapeHtml(rule)}</p>`,
    "</body></html>",
  ].join("\n");
  return {
    from: { name: `${site.name} website`, address: addresses.from },
    to: job.to,
    subject: `${job.secret.code} is your sign-in code for ${site.name}`,
    text,
    html,
    messageId: notificationMessageId(job, site),
    headers: {},
  };
}

/** A mail its maker wrote whole (the Monday report), from the site's sender. */
export function buildReportMessage(job: ReportJob, site: Site, addresses: MailAddresses): NotificationMessage {
  return {
    from: { name: `${site.name} website`, address: addresses.from },
    to: job.to,
    subject: job.subject,
    text: job.text,
    html: job.html,
    messageId: notificationMessageId(job, site),
    headers: {},
  };
}

/** Where notifications go: SMTP, or .eml files when no mail server is configured. */
export interface MailTransport {
  send(message: NotificationMessage): Promise<void>;
  /**
   * Deletes this transport's own copies of job `id`'s emails (the .eml files written without
   * SMTP_URL, which are in DATA_DIR); a mail server keeps none here. A message erased takes them with it.
   */
  forget?(id: string): Promise<void>;
  close(): void;
  readonly description: string;
}

export function createSmtpTransport(smtpUrl: string): MailTransport {
  // A small pool: a burst of posts reuses a few connections instead of opening one per mail.
  // Timeouts are shorter than nodemailer's defaults so a dead server fails the attempt
  // quickly and the outbox schedules a retry.
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: 3,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  });
  const where = new URL(smtpUrl);
  return {
    description: `SMTP ${where.hostname}:${where.port || "default port"}`,
    async send(message) {
      await transporter.sendMail(message);
    },
    close: () => transporter.close(),
  };
}

/** The file operations of the .eml transport; a test passes an `open` whose writes fail half-way, as on a full disk. */
export interface MailFileSystem {
  open: typeof open;
  rename: typeof rename;
  rm: typeof rm;
}

const nodeFileSystem: MailFileSystem = { open, rename, rm };

/**
 * Writes each message as `<mailDir>/<time>-<id>.eml` for setups without SMTP_URL.
 * A file appears under its .eml name only whole: it is written to a hidden temp
 * name in the same folder, fsynced, renamed, and the folder fsynced; a failed
 * write (ENOSPC) removes its temp file, and the outbox tries again later.
 */
export function createFileTransport(mailDir: string, fs: MailFileSystem = nodeFileSystem): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  const syncMailDir = createDirectorySync(mailDir);
  return {
    description: `.eml files in ${mailDir}`,
    async send(message) {
      const info = await transporter.sendMail(message);
      const raw = info.message;
      if (!Buffer.isBuffer(raw)) throw new Error("nodemailer returned a stream although buffer: true was set");
      await mkdir(mailDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      // Named by the job's id, the part of the Message-ID before the @.
      const id = /^<([A-Za-z0-9-]{1,64})@/.exec(message.messageId)?.[1] ?? randomUUID();
      const name = `${stamp}-${id}.eml`;
      const tmp = path.join(mailDir, `.${name}.tmp`);
      try {
        const fh = await fs.open(tmp, "wx");
        try {
          await fh.writeFile(raw);
          await fh.sync();
        } finally {
          await fh.close();
        }
        await fs.rename(tmp, path.join(mailDir, name));
      } catch (error) {
        await fs.rm(tmp, { force: true }).catch(() => undefined);
        throw error;
      }
      await syncMailDir();
    },
    async forget(id) {
      const names = await readdir(mailDir).catch((error: unknown) => {
        if (isErrno(error, "ENOENT")) return [];
        throw error;
      });
      // `<time>-<id>.eml`, and a temp file of one being written (`.<time>-<id>.eml.tmp`).
      const copies = names.filter((name) => name.endsWith(`-${id}.eml`) || name.endsWith(`-${id}.eml.tmp`));
      await Promise.all(copies.map((name) => fs.rm(path.join(mailDir, name), { force: true })));
      if (copies.length > 0) await syncMailDir();
    },
    close: () => transporter.close(),
  };
}

/** SMTP_URL set → SMTP; unset → `DATA_DIR/mail/*.eml` (shared/CONTRACT.md). */
export function createTransportFromEnv(env: { SMTP_URL?: string }, dataDir: string): MailTransport {
  return env.SMTP_URL ? createSmtpTransport(env.SMTP_URL) : createFileTransport(path.join(dataDir, "mail"));
}

/** True when retrying the same message would be refused again (SMTP 5xx except 503). */
export function isPermanentMailError(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  if ("permanent" in error && typeof error.permanent === "boolean") return error.permanent;
  if ("responseCode" in error && typeof error.responseCode === "number") {
    return error.responseCode >= 500 && error.responseCode < 600 && error.responseCode !== 503;
  }
  return false;
}

/** Sends the email of a job, whatever its kind: what the outbox calls. */
export interface Mailer {
  send(job: MailJob): Promise<void>;
  close(): void;
  readonly description: string;
}

export interface MailerOptions {
  transport: MailTransport;
  site: Site;
  addresses: MailAddresses;
  /**
   * The business's facts and addresses for each email, when they may change while the server
   * runs (the desk edits content/site.json: a new name or email applies from the next email);
   * without it, `site` and `addresses`.
   */
  current?: () => Promise<{ site: Site; addresses: MailAddresses }>;
  /** Signed approve/reject links for a review (functions/reviews/review-tokens.ts); needed only to mail reviews. */
  reviewLinks?: (review: Review) => Promise<ReviewLinks>;
  /** The contact form's choices, whose labels name the service in the email; without it, the stored value does. */
  serviceChoices?: () => Promise<ServiceChoice[]>;
  /** Signed links to a message's photos (functions/contact/photo-links.ts); needed only to mail messages with photos. */
  photoLinks?: (message: Submission) => Promise<PhotoLink[]>;
  /** An estimate visit's cancel link and desk page (functions/estimate-visits/); needed only to mail visits. */
  visitLinks?: (visit: VisitJob["visit"]) => Promise<VisitMailLinks>;
}

export function createMailer(options: MailerOptions): Mailer {
  const { transport, reviewLinks, visitLinks, serviceChoices = async () => [], photoLinks } = options;
  const current = options.current ?? (async () => ({ site: options.site, addresses: options.addresses }));
  async function send(job: MailJob): Promise<void> {
    const { site, addresses } = await current();
    switch (job.kind) {
      case "contact": {
        if (job.message.photos && !photoLinks) throw Object.assign(new Error("this mailer has no photo links (photoLinks)"), { permanent: true });
        const photos = job.message.photos && photoLinks ? await photoLinks(job.message) : [];
        return transport.send(buildMessage(job.message, site, addresses, await serviceChoices(), photos));
      }
      case "review":
        if (!reviewLinks) throw Object.assign(new Error("this mailer has no review links (reviewLinks)"), { permanent: true });
        return transport.send(buildReviewMessage(job.review, await reviewLinks(job.review), site, addresses));
      case "sign-in":
        return transport.send(buildSignInMessage(job, site, addresses));
      case "report":
        return transport.send(buildReportMessage(job, site, addresses));
      case "estimate-visit":
        if (!visitLinks) throw Object.assign(new Error("this mailer has no visit links (visitLinks)"), { permanent: true });
        return transport.send(buildVisitMessage(job, site, addresses, await serviceChoices(), await visitLinks(job.visit)));
      case "push":
        // A notification goes to the owner's phone, not by mail (functions/push/push-sender.ts).
        throw Object.assign(new Error("a push job is not an email"), { permanent: true });
    }
  }
  return { description: transport.description, send, close: () => transport.close() };
}
