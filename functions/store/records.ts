// What the store keeps, one schema per kind of record: the JSON-lines files hold these
// lines as they are (functions/store/files/), and PostgreSQL holds the same fields.
// One shape each: a record of another shape is not read back (see files/data-files.ts).
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { reviewSchema } from "../../src/content/review";

/** `landingPage` and `referrer` (where a visit started) are bounded like a URL a browser sends. */
export const LEAD_SOURCE_MAX = 2048;

/**
 * Where the visit that sent a message or a review started (shared/CONTRACT.md "Visits and
 * leads"): optional on every message and review; the forms add them (issue 30).
 */
export const leadSourceShape = {
  landingPage: z.string().max(LEAD_SOURCE_MAX).optional(),
  referrer: z.string().max(LEAD_SOURCE_MAX).optional(),
};
export type LeadSource = { landingPage?: string; referrer?: string };

/** The lead source fields a record stores: those given, each checked against LEAD_SOURCE_MAX. */
export function leadSourceFields(source: LeadSource | undefined): LeadSource {
  const fields: LeadSource = {};
  for (const key of ["landingPage", "referrer"] as const) {
    const value = source?.[key];
    if (value === undefined) continue;
    if (value.length > LEAD_SOURCE_MAX) throw new RangeError(`${key}: at most ${LEAD_SOURCE_MAX} characters`);
    fields[key] = value;
  }
  return fields;
}

/**
 * A new post's record from what its form accepted: a new id first (the files store's lists
 * read a line's id without parsing it), the fields, the time, and where the visit started.
 */
export function newPost<T extends object>(fields: T, createdAt: string, source: LeadSource | undefined): { id: string } & T & { createdAt: string } & LeadSource {
  return { id: randomUUID(), ...fields, createdAt, ...leadSourceFields(source) };
}

const isoTime = z.iso.datetime({ offset: true });
const id = z.string().min(1).max(64);
/** Who did something: an owner's email address, "email link", or the server account that ran a CLI. */
const by = z.string().min(1).max(254);

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);

/**
 * A visitor's photo of a message, as kept (functions/contact/visitor-photos.ts): JPEG, turned
 * upright, at most 2048 pixels on its longest side, no camera data, and a small copy for lists.
 * The bytes are in the store's `messagePhotos` by their SHA-256.
 */
export const messagePhotoSchema = z.object({
  sha: sha256,
  /** The small copy (480 pixels on its longest side). */
  thumb: sha256,
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type MessagePhoto = z.infer<typeof messagePhotoSchema>;

/**
 * One contact message (a line of submissions.jsonl or spam.jsonl). The fields are the
 * contact form's, as its schema (src/content/contact-schema.ts) accepted and trimmed them.
 */
export const submissionSchema = z.object({
  id,
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  serviceType: z.string(),
  message: z.string(),
  createdAt: isoTime,
  ...leadSourceShape,
  /** The photos sent with it, in the order sent (up to 5, src/content/contact-photos.ts); none on held spam. */
  photos: z.array(messagePhotoSchema).min(1).max(5).optional(),
  /** Only on held spam: why it was held (functions/contact/spam.ts). */
  spamReason: z.string().max(40).optional(),
  /** Only on a message the owner took out of the spam ("Not spam"): who, when, and why it had been held. */
  rescued: z.object({ by, at: isoTime, spamReason: z.string().max(40) }).optional(),
});
export type Submission = z.infer<typeof submissionSchema>;

/** A new message's record with its photos (none: no `photos` field), each checked against the schema. */
export function withPhotos(message: Submission, photos: readonly MessagePhoto[] | undefined): Submission {
  return photos && photos.length > 0 ? { ...message, photos: submissionSchema.shape.photos.unwrap().parse(photos) } : message;
}

/** One review as posted (reviews.jsonl, review-spam.jsonl): the site's review, `approved: false`, plus where the visit started. */
export const storedReviewSchema = z.object({
  ...reviewSchema.shape,
  ...leadSourceShape,
  spamReason: z.string().max(40).optional(),
});
export type StoredReview = z.infer<typeof storedReviewSchema>;

/** What made a review decision: its email link, `npm run reviews`, or the owner's desk. */
export const decisionVias = ["link", "cli", "desk"] as const;
export type DecisionVia = (typeof decisionVias)[number];

/** An approve or reject (review-decisions.jsonl); a review's state is its last one. */
export const decisionSchema = z.object({
  id,
  approved: z.boolean(),
  at: isoTime,
  via: z.enum(decisionVias),
  by,
  /** The signature of the email link that made this decision: that link is spent. */
  token: z.string().max(200).optional(),
});
export type Decision = z.infer<typeof decisionSchema>;

/** "Handled" / "Not handled" on a message (message-events.jsonl); the latest wins. */
export const handledEventSchema = z.object({ id, handled: z.boolean(), by, at: isoTime });
export type HandledEvent = z.infer<typeof handledEventSchema>;

/**
 * How a message was first answered: a tap on Call, Text or Email back in the desk, or "Mark handled"
 * (the owner answered some other way). What "Know the speed" measures: docs/owner-desk.md.
 */
export const answerWays = ["call", "text", "email", "handled"] as const;
export type AnswerWay = (typeof answerWays)[number];
/** A message's first answer (message-answers.jsonl, one line per message): the first one kept wins. */
export const answerSchema = z.object({ id, how: z.enum(answerWays), by, at: isoTime });
export type Answer = z.infer<typeof answerSchema>;

/** base64url without padding, of exactly `bytes` bytes. */
const base64urlOf = (bytes: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/)
    .refine((value) => Buffer.from(value, "base64url").length === bytes && Buffer.from(value, "base64url").toString("base64url") === value, `${bytes} bytes as base64url`);

/**
 * One phone or computer that gets the owner's notifications (push-devices.jsonl): a browser's
 * PushSubscription (its push service's `endpoint`, its P-256 key and auth secret, RFC 8291),
 * who turned it on, and what it is, for the Account screen. The id is made from the endpoint
 * (functions/push/push-devices.ts deviceId), so a browser that subscribes again is one device.
 */
export const pushDeviceSchema = z.object({
  id: z.string().regex(/^[0-9a-f]{24}$/),
  endpoint: z.url().max(2048),
  keys: z.object({ p256dh: base64urlOf(65), auth: base64urlOf(16) }),
  by,
  /** "iPhone", "Android phone", "Mac": from the browser's user agent when it was turned on. */
  device: z.string().min(1).max(80),
  createdAt: isoTime,
});
export type PushDevice = z.infer<typeof pushDeviceSchema>;

/**
 * What one notification says (the desk's service worker shows it, src/desk/service-worker.ts):
 * small (a push message holds at most about 4 KB, RFC 8291), no secrets, and a desk address
 * to open when it is tapped.
 */
export const pushNoticeSchema = z.object({
  title: z.string().min(1).max(120),
  body: z.string().max(400),
  /** The desk page the notification opens: /owner, or a path under it. */
  url: z.string().max(300).regex(/^\/owner(\/[^\s]*)?$/),
  /** One notification per tag on the phone: a second push with it replaces the first. */
  tag: z.string().min(1).max(64),
  /** high: a lead, the phone wakes for it; normal: anything else. */
  urgency: z.enum(["high", "normal"]),
});
export type PushNotice = z.infer<typeof pushNoticeSchema>;

// The mail jobs: every email the servers send is one, whatever it is about, and so is every
// notification to the owner's phone (`push`). A job's id is stable (a stored post's id, or the
// id its maker gave it) and the mail's Message-ID is made from it, so a resend after a crash
// folds into the first copy in the owner's mail program.
const jobBase = { id, createdAt: isoTime };

/** The owner's notification of a contact message. */
export const contactJobSchema = z.object({ kind: z.literal("contact"), ...jobBase, message: submissionSchema });
/** The owner's notification of a review, with its approve and reject links. */
export const reviewJobSchema = z.object({ kind: z.literal("review"), ...jobBase, review: storedReviewSchema });
/**
 * The desk's sign-in email: a 6-digit code and a one-time link. The store erases `secret`
 * once the job is sent, failed or past `expiresAt`, and never mails it after that time.
 */
export const signInJobSchema = z.object({
  kind: z.literal("sign-in"),
  ...jobBase,
  to: z.email(),
  expiresAt: isoTime,
  secret: z.object({ code: z.string().regex(/^\d{6}$/), link: z.url() }),
});
/** A mail made whole by its sender (the Monday report): sent as it is. */
export const reportJobSchema = z.object({
  kind: z.literal("report"),
  ...jobBase,
  to: z.email(),
  subject: z.string().min(1).max(200),
  text: z.string().max(200_000),
  html: z.string().max(1_000_000),
});

/**
 * A free estimate visit as booked (issue 40): the booking form's fields as its schema accepted
 * and trimmed them (src/content/booking-schema.ts), the town as its name, and `seat`, which of
 * the visits allowed at once it is (1 .. visitsAtOnce): a time's seats are taken once each.
 * `start` and `end` carry the business clock's offset. What happened to it since (cancelled,
 * reminded) is kept beside it (functions/store/estimate-visit-store.ts).
 */
export const estimateVisitSchema = z.object({
  id,
  start: isoTime,
  end: isoTime,
  seat: z.number().int().min(1).max(50),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  town: z.string(),
  serviceType: z.string(),
  message: z.string(),
  createdAt: isoTime,
  ...leadSourceShape,
});
export type EstimateVisit = z.infer<typeof estimateVisitSchema>;

/** A visit cancelled: when, and by the owner (in the desk) or the visitor (the link in their email). */
export const visitCancellationSchema = z.object({ at: isoTime, by: z.enum(["owner", "visitor"]), who: by });
export type VisitCancellation = z.infer<typeof visitCancellationSchema>;

/**
 * An email about a visit: the invitation (`booked`, to the visitor and to the owner, each with
 * an .ics invitation), its cancellation (`cancelled`, to both, METHOD:CANCEL), and the evening
 * before (`reminder`, to the visitor). The job carries the visit as it was when it happened.
 */
export const visitJobSchema = z.object({
  kind: z.literal("estimate-visit"),
  ...jobBase,
  to: z.enum(["visitor", "owner"]),
  event: z.enum(["booked", "cancelled", "reminder"]),
  visit: estimateVisitSchema,
  cancelled: visitCancellationSchema.optional(),
});
export type VisitJob = z.infer<typeof visitJobSchema>;

/**
 * What happened to a visit, as one durable write, with the visit as it was: booked, cancelled, or
 * reminded of. A line of the files store's estimate-visits.jsonl; each is also the source of its
 * emails (visitJobs), as a contact message's line is (files/outbox-files.ts).
 */
export const visitEventSchema = z.discriminatedUnion("event", [
  z.object({ event: z.literal("booked"), visit: estimateVisitSchema }),
  z.object({ event: z.literal("cancelled"), visit: estimateVisitSchema, cancelled: visitCancellationSchema }),
  z.object({ event: z.literal("reminded"), visit: estimateVisitSchema, at: isoTime }),
]);
export type VisitEvent = z.infer<typeof visitEventSchema>;

const visitJobId = (visitId: string, event: VisitJob["event"], to: VisitJob["to"]): string => `${visitId}-${event}-${to}`;

/** Every id an email about visit `visitId` can have (visitJobs below): its copies kept as files are found by them. */
export const visitJobIds = (visitId: string): string[] =>
  (["booked", "cancelled", "reminder"] as const).flatMap((event) => (["visitor", "owner"] as const).map((to) => visitJobId(visitId, event, to)));

/**
 * The emails an event of a visit sends, each with a stable id (the visit's, what happened, to
 * whom): stored in the same write as the event, on both stores, so it is mailed exactly once.
 */
export function visitJobs(change: VisitEvent): VisitJob[] {
  const job = (event: VisitJob["event"], to: VisitJob["to"], createdAt: string, extra: Partial<VisitJob> = {}): VisitJob => ({
    kind: "estimate-visit",
    id: visitJobId(change.visit.id, event, to),
    createdAt,
    to,
    event,
    visit: change.visit,
    ...extra,
  });
  switch (change.event) {
    case "booked":
      return [job("booked", "visitor", change.visit.createdAt), job("booked", "owner", change.visit.createdAt)];
    case "cancelled":
      return [job("cancelled", "visitor", change.cancelled.at, { cancelled: change.cancelled }), job("cancelled", "owner", change.cancelled.at, { cancelled: change.cancelled })];
    case "reminded":
      return [job("reminder", "visitor", change.at)];
  }
}

/**
 * One notification to one of the owner's devices (functions/push/owner-push.ts queues one per
 * device): sent by the outbox like mail, but to the device's push service (functions/push/push-sender.ts).
 * The device is looked up when it is sent, so a device turned off meanwhile gets nothing.
 */
export const pushJobSchema = z.object({ kind: z.literal("push"), ...jobBase, device: pushDeviceSchema.shape.id, notice: pushNoticeSchema });

export const mailJobSchema = z.discriminatedUnion("kind", [contactJobSchema, reviewJobSchema, signInJobSchema, reportJobSchema, visitJobSchema, pushJobSchema]);
export type MailJob = z.infer<typeof mailJobSchema>;
export type MailKind = MailJob["kind"];
export type ContactJob = z.infer<typeof contactJobSchema>;
export type ReviewJob = z.infer<typeof reviewJobSchema>;
export type SignInJob = z.infer<typeof signInJobSchema>;
export type ReportJob = z.infer<typeof reportJobSchema>;
export type PushJob = z.infer<typeof pushJobSchema>;
/** Jobs that are not a stored post: queued with `store.outbox.add` (a post's job is stored with the post). */
export type AddedJob = SignInJob | ReportJob | PushJob;
/** Jobs of no use later: a sign-in code after its 15 minutes, a notification once the moment passed. Forgotten when they fail, never exported. */
export const isFleeting = (kind: MailKind): boolean => kind === "sign-in" || kind === "push";

/** What the owner can erase for good (the privacy page's promise): its emails and notifications go with it. */
export type ErasedKind = "message" | "review" | "visit";

/** The tag of the notifications about a message, review or visit `id` (functions/push/push-notice.ts): erasing it finds them by it. */
export const noticeTag = (kind: ErasedKind, id: string): string => `${kind}-${id}`.slice(0, 64);

/** The mail job kind that carries a record of each erasable kind's words. */
const mailKindOf = { message: "contact", review: "review", visit: "estimate-visit" } as const satisfies Record<ErasedKind, MailKind>;

/**
 * Whether a job carries the words of record `id` of `kind` (erased with it): a message's or a
 * review's email (the job's id is the record's), a visit's emails (each carries the visit), or a
 * notification about it (by its tag).
 */
export function isAbout(job: Pick<MailJob, "kind" | "id"> & { notice?: PushNotice; visit?: { id: string } }, kind: ErasedKind, id: string): boolean {
  if (job.kind === "push") return job.notice?.tag === noticeTag(kind, id);
  if (job.kind !== mailKindOf[kind]) return false;
  return kind === "visit" ? job.visit?.id === id : job.id === id;
}

export const contactJob = (message: Submission): ContactJob => ({ kind: "contact", id: message.id, createdAt: message.createdAt, message });
export const reviewJob = (review: StoredReview): ReviewJob => ({ kind: "review", id: review.id, createdAt: review.createdAt, review });

/** A job as it may be shown or kept for long: a sign-in job without its code and link. */
export type ShownJob = Exclude<MailJob, SignInJob> | Omit<SignInJob, "secret">;
export function withoutSecret(job: MailJob): ShownJob {
  if (job.kind !== "sign-in") return job;
  const { secret: _secret, ...shown } = job;
  return shown;
}
