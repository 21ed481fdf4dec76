// The files of a files store, all in DATA_DIR (docs/deploy.md, "Where messages live, and backups"). Each JSON-lines
// file holds one kind of record, one shape (format-check.ts refuses another at start).

/** Contact messages (functions/store/records.ts submissionSchema); each line is also its mail job. */
export const SUBMISSIONS_FILE = "submissions.jsonl";
/** Contact posts held back as spam, never mailed unless rescued. */
export const SPAM_FILE = "spam.jsonl";
/** "Handled" / "Not handled" on messages (handledEventSchema). */
export const MESSAGE_EVENTS_FILE = "message-events.jsonl";
/** Each message's first answer: a tap on Call, Text or Email back, or "Mark handled" (answerSchema). */
export const MESSAGE_ANSWERS_FILE = "message-answers.jsonl";
/** The phones and computers that get the owner's notifications (push-files.ts), as lines that add up. */
export const PUSH_DEVICES_FILE = "push-devices.jsonl";
/** Reviews as posted (storedReviewSchema), pending; each line is also its mail job. */
export const REVIEWS_FILE = "reviews.jsonl";
/** Reviews held back as spam. */
export const REVIEW_SPAM_FILE = "review-spam.jsonl";
/** Every approve and reject (decisionSchema). */
export const DECISIONS_FILE = "review-decisions.jsonl";
/** What happened to mail jobs since they were stored (files/outbox-files.ts). */
export const OUTBOX_FILE = "outbox.jsonl";
/** A sign-in email's code and link, one file per job, until it is sent, failed or expired. */
export const MAIL_SECRETS_DIR = "mail-secrets";
/** Visit counts per day and key (visits-files.ts), compacted to one line per key. */
export const VISITS_FILE = "visits.jsonl";
/** The day's salt and visitor hashes: deleted when the day ends, and never backed up. */
export const VISITS_TODAY_FILE = "visits-today.jsonl";
/** What happened once (the Monday email was queued for a week). */
export const VISIT_CLAIMS_FILE = "visit-claims.jsonl";
