// A files store's DATA_DIR moved into an empty PostgreSQL database (`npm run data -- import`):
// every record of every file, in the order stored, each checked against its schema; what the
// outbox has not sent yet stays to be sent, everything else counts as sent. One transaction:
// the database gets all of it or nothing. A line that is not a valid record stops the import,
// naming it, rather than leaving it behind.
import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type pg from "pg";
import type { z } from "zod";
import { countKey } from "../visits-store";
import type { Logger } from "../../logger";
import { createFilesStore } from "../files/files-store";
import {
  DECISIONS_FILE,
  MESSAGE_ANSWERS_FILE,
  MESSAGE_EVENTS_FILE,
  OUTBOX_FILE,
  PUSH_DEVICES_FILE,
  REVIEW_SPAM_FILE,
  REVIEWS_FILE,
  SPAM_FILE,
  SUBMISSIONS_FILE,
  VISIT_CLAIMS_FILE,
  VISITS_FILE,
} from "../files/file-names";
import { keyNames } from "../key-store";
import { devicesOf, pushDeviceLine } from "../files/push-files";
import { outboxEventSchema } from "../files/outbox-files";
import { claimLine, countLine } from "../files/visits-files";
import { readJsonl } from "../files/jsonl-read";
import { readKey } from "../files/key-files";
import { answerSchema, contactJob, decisionSchema, handledEventSchema, reportJobSchema, reviewJob, storedReviewSchema, submissionSchema, type ShownJob } from "../records";
import type { UndeliveredJob } from "../outbox-store";
import type { Database } from "./database";
import { applyDeskEvent, auditRecord, DESK_AUDIT_FILE, DESK_FILE, deskEvent, emptyDeskState } from "../files/desk-store";
import { applyDraftLine, draftLineSchema, DRAFTS_FILE, PHOTOS_DIR, postVersionSchema, VERSIONS_FILE } from "../files/posts-store";
import type { PostDraft } from "../posts-store";
import { AUDIT_COLUMNS, auditRow, PASSKEY_COLUMNS, passkeyRow, SESSION_COLUMNS, sessionRow, SIGN_IN_COLUMNS, signInRow } from "./desk-tables";

export type RecordCounts = Record<string, number>;

/** Every record of `file` in DATA_DIR; a line that is not one of `schema` is an error naming it. */
async function readAll<T>(dataDir: string, file: string, schema: z.ZodType<T>): Promise<T[]> {
  const skipped: string[] = [];
  const collect = (line: string) => void skipped.push(line);
  const records = await readJsonl(path.join(dataDir, file), (value) => schema.safeParse(value).data, { warn: collect, error: collect });
  if (skipped.length > 0) throw new Error(`${skipped[0]}: fix or remove it, then import again (nothing was imported)`);
  return records;
}

/** Inserts rows in order, a thousand per statement: `seq` keeps the files' order. */
async function insertRows(client: pg.PoolClient, table: string, columns: string[], rows: unknown[][]): Promise<void> {
  for (let start = 0; start < rows.length; start += 1000) {
    const batch = rows.slice(start, start + 1000);
    const values: unknown[] = [];
    const tuples = batch.map((row) => `(${row.map((value) => `$${values.push(value)}`).join(", ")})`);
    await client.query(`INSERT INTO ${table} (${columns.join(", ")}) VALUES ${tuples.join(", ")}`, values);
  }
}

export async function importFromFiles(db: Database, dataDir: string, now: number, logger: Logger): Promise<RecordCounts> {
  const files = {
    [SUBMISSIONS_FILE]: await readAll(dataDir, SUBMISSIONS_FILE, submissionSchema),
    [SPAM_FILE]: await readAll(dataDir, SPAM_FILE, submissionSchema),
    [MESSAGE_EVENTS_FILE]: await readAll(dataDir, MESSAGE_EVENTS_FILE, handledEventSchema),
    [MESSAGE_ANSWERS_FILE]: await readAll(dataDir, MESSAGE_ANSWERS_FILE, answerSchema),
    [REVIEWS_FILE]: await readAll(dataDir, REVIEWS_FILE, storedReviewSchema),
    [REVIEW_SPAM_FILE]: await readAll(dataDir, REVIEW_SPAM_FILE, storedReviewSchema),
    [DECISIONS_FILE]: await readAll(dataDir, DECISIONS_FILE, decisionSchema),
  };
  // Counts are summed by key as the files store reads them; the day's salt and hashes are not moved (a new day starts them again).
  const visitCounts = new Map<string, z.infer<typeof countLine>>();
  for (const line of await readAll(dataDir, VISITS_FILE, countLine)) {
    const key = countKey(line);
    const known = visitCounts.get(key);
    visitCounts.set(key, known ? { ...known, count: known.count + line.count } : line);
  }
  const claims = await readAll(dataDir, VISIT_CLAIMS_FILE, claimLine);
  // The desk's lines added up as the files store does; its records go in as they stand.
  const deskEvents = await readAll(dataDir, DESK_FILE, deskEvent);
  const desk = emptyDeskState();
  for (const event of deskEvents) applyDeskEvent(desk, event);
  const audit = await readAll(dataDir, DESK_AUDIT_FILE, auditRecord);
  // The files store's own replay says which mail is still to go (it only reads here).
  const filesStore = await createFilesStore({ dataDir, logger });
  let open: UndeliveredJob[];
  try {
    // A notification still to go is of no use by the time the site runs on the database: left behind.
    open = (await filesStore.outbox.undelivered()).filter((job) => job.kind !== "push");
  } finally {
    await filesStore.close();
  }
  // The keys made once: the review links' and the notifications' (the owner's devices are subscribed to its public half).
  const keys = (await Promise.all(keyNames.map(async (name) => [name, await readKey(path.join(dataDir, name))] as const))).filter(
    (entry): entry is readonly [(typeof keyNames)[number], Buffer] => entry[1] !== undefined,
  );
  const { devices, off } = devicesOf(await readAll(dataDir, PUSH_DEVICES_FILE, pushDeviceLine));
  // The desk's posts: every version in the order kept, the newest unsaved work of each post, and
  // every photo by its hash (checked: a file whose bytes are not its name is not a photo of it).
  const versions = await readAll(dataDir, VERSIONS_FILE, postVersionSchema);
  const drafts = new Map<string, PostDraft>();
  for (const line of await readAll(dataDir, DRAFTS_FILE, draftLineSchema)) applyDraftLine(drafts, line);
  const photosDir = path.join(dataDir, PHOTOS_DIR);
  const photoNames = (await readdir(photosDir).catch(() => [])).filter((name) => !name.startsWith("."));
  const photos: Array<[string, Buffer]> = [];
  for (const name of photoNames) {
    const bytes = await readFile(path.join(photosDir, name));
    if (createHash("sha256").update(bytes).digest("hex") !== name) throw new Error(`${path.join(photosDir, name)}: its bytes are not the photo of that name: move it out of the folder, then import again (nothing was imported)`);
    photos.push([name, bytes]);
  }

  // When each job's last attempt was recorded, and how many it took: outbox.jsonl's last line of
  // each job (a job sent before the last compaction has none: its time stays unknown, as an
  // export writes it). With the replay's state, an export of the database writes outbox.jsonl
  // back as it was read (export-files.ts).
  const outboxEvents = await readAll(dataDir, OUTBOX_FILE, outboxEventSchema);
  const lastAttempt = new Map<string, { at: number; attempts: number }>();
  const reports = new Map<string, z.infer<typeof reportJobSchema>>();
  for (const event of outboxEvents) {
    if (event.event === "sent" || event.event === "failed" || event.event === "retry") lastAttempt.set(event.id, { at: Date.parse(event.at), attempts: event.attempts });
    // Every report, sent ones too (those still open are in the replay as well). A sign-in email's
    // code is not kept in the files' outbox: of no use after 15 minutes, it is left behind.
    if (event.event === "queued" && event.job.kind === "report") reports.set(event.id, event.job);
  }
  for (const job of open) if (job.job.kind === "report") reports.set(job.id, job.job);
  const openById = new Map(open.map((job) => [job.id, job]));
  const jobRow = (job: ShownJob): unknown[] => {
    const state = openById.get(job.id);
    const last = lastAttempt.get(job.id);
    const nextAttemptAt = state?.nextAttemptAt ? Date.parse(state.nextAttemptAt) : null;
    const attempts = state?.attempts ?? last?.attempts ?? 0;
    // Pending, failed or sent as the replay says; settled_at: when its last attempt was recorded, if that is known.
    return [job.id, job.kind, job, state?.state ?? "sent", attempts, nextAttemptAt ?? now, nextAttemptAt, state?.lastError ?? null, last?.at ?? null];
  };

  await db.transaction(async (client) => {
    const { rows } = await client.query<{ held: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM messages) OR EXISTS (SELECT 1 FROM reviews) OR EXISTS (SELECT 1 FROM mail_jobs) OR EXISTS (SELECT 1 FROM message_events)
         OR EXISTS (SELECT 1 FROM visit_counts) OR EXISTS (SELECT 1 FROM desk_sessions) OR EXISTS (SELECT 1 FROM desk_audit) OR EXISTS (SELECT 1 FROM post_versions) OR EXISTS (SELECT 1 FROM push_devices) AS held`,
    );
    if (rows[0]?.held) throw new Error(`the database ${db.where} already holds messages, reviews, mail, the desk's records or posts: import only into an empty one (nothing was imported)`);
    const post = (box: string) => (record: { id: string }) => [box, record.id, record];
    await insertRows(client, "messages", ["box", "id", "record"], files[SUBMISSIONS_FILE].map(post("inbox")));
    await insertRows(client, "messages", ["box", "id", "record"], files[SPAM_FILE].map(post("spam")));
    await insertRows(client, "message_events", ["id", "record"], files[MESSAGE_EVENTS_FILE].map((event) => [event.id, event]));
    await insertRows(client, "message_answers", ["id", "record"], files[MESSAGE_ANSWERS_FILE].map((answer) => [answer.id, answer]));
    await insertRows(client, "push_devices", ["id", "by_email", "record"], [...devices.values()].map((device) => [device.id, device.by, device]));
    await insertRows(client, "push_devices_off", ["id", "at"], [...off]);
    await insertRows(client, "reviews", ["box", "id", "record"], files[REVIEWS_FILE].map(post("posted")));
    await insertRows(client, "reviews", ["box", "id", "record"], files[REVIEW_SPAM_FILE].map(post("spam")));
    await insertRows(client, "review_decisions", ["id", "token", "record"], files[DECISIONS_FILE].map((d) => [d.id, d.token ?? null, d]));
    const jobs = [...files[SUBMISSIONS_FILE].map(contactJob), ...files[REVIEWS_FILE].map(reviewJob), ...reports.values()];
    await insertRows(
      client,
      "mail_jobs",
      ["id", "kind", "job", "state", "attempts", "due_at", "next_attempt_at", "last_error", "settled_at"],
      jobs.map(jobRow),
    );
    await insertRows(client, "visit_counts", ["day", "kind", "path", "source", "device", "landing", "button", "count"], [...visitCounts.values()].map((c) => [c.day, c.kind, c.path, c.source, c.device, c.landing, c.button, c.count]));
    await insertRows(client, "visit_claims", ["name", "at"], claims.map((c) => [c.name, c.at]));
    const columns = (list: string) => list.split(", ");
    await insertRows(client, "desk_sign_ins", columns(SIGN_IN_COLUMNS), [...desk.signIns.values()].map(signInRow));
    await insertRows(client, "desk_code_tries", ["key", "at"], [...desk.codeTries].flatMap(([key, times]) => times.map((at) => [key, at])));
    await insertRows(client, "desk_sessions", columns(SESSION_COLUMNS), [...desk.sessions.values()].map(sessionRow));
    await insertRows(client, "desk_passkeys", columns(PASSKEY_COLUMNS), [...desk.passkeys.values()].map(passkeyRow));
    await insertRows(client, "desk_audit", columns(AUDIT_COLUMNS), audit.map(auditRow));
    await insertRows(client, "post_versions", ["id", "post_id", "slug", "record"], versions.map((v) => [v.id, v.postId, v.slug, v]));
    await insertRows(client, "post_drafts", ["post_id", "at", "state"], [...drafts.values()].map((d) => [d.postId, d.at, JSON.stringify(d.state ?? null)]));
    // One at a time: a photo can be megabytes.
    for (const [sha, bytes] of photos) await client.query("INSERT INTO post_photos (sha, bytes) VALUES ($1, $2)", [sha, bytes]);
    // Counted back in the same transaction: what is committed is every record read.
    const counted = await client.query<{ rows: string }>(
      "SELECT (SELECT count(*) FROM messages) + (SELECT count(*) FROM message_events) + (SELECT count(*) FROM message_answers) + (SELECT count(*) FROM reviews) + (SELECT count(*) FROM review_decisions) AS rows",
    );
    const read = Object.values(files).reduce((sum, records) => sum + records.length, 0);
    if (Number(counted.rows[0]?.rows) !== read) throw new Error(`read ${read} records but the database holds ${counted.rows[0]?.rows} (nothing was imported)`);
    for (const [name, value] of keys) await client.query("INSERT INTO store_keys (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING", [name, value]);
  });
  return {
    ...Object.fromEntries(Object.entries(files).map(([file, records]) => [file, records.length])),
    "mail to send": open.length,
    [VISITS_FILE]: visitCounts.size,
    [VISIT_CLAIMS_FILE]: claims.length,
    [DESK_FILE]: deskEvents.length,
    [PUSH_DEVICES_FILE]: devices.size,
    [DESK_AUDIT_FILE]: audit.length,
    [VERSIONS_FILE]: versions.length,
    [DRAFTS_FILE]: drafts.size,
    [PHOTOS_DIR]: photos.length,
  };
}
