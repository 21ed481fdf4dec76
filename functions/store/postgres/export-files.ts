// What a PostgreSQL store holds, written as a files store's DATA_DIR (functions/store/files/
// file-names.ts): the backup of `npm run backup` and `npm run data -- export`. One snapshot
// (REPEATABLE READ), so the copy is consistent while instances keep writing. The folder it
// makes is a DATA_DIR a files store opens as it is, or `npm run data -- import` reads back.
// A sign-in email's code stays out, as in the files store's backups, and so do the notifications
// to the owner's phone: of no use later. The devices that get them, and the key that signs them, are in. The
// desk's sign-ins and sessions are there as the hashes the tables keep; the posts' versions,
// unsaved work and photos as the files store keeps them (files/posts-store.ts).
import { chmod, mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type pg from "pg";
import type { z } from "zod";
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
import { answerSchema, decisionSchema, handledEventSchema, pushDeviceSchema, reportJobSchema, storedReviewSchema, submissionSchema } from "../records";
import type { BackupSummary } from "../store";
import { claimLine, countLine } from "../files/visits-files";
import type { Database } from "./database";
import { AUDIT_COLUMNS, auditEntryOf, PASSKEY_COLUMNS, passkeyOf, SESSION_COLUMNS, sessionOf, SIGN_IN_COLUMNS, signInOf, type AuditRow, type PasskeyRow, type SessionRow, type SignInRow } from "./desk-tables";
import { auditRecord, DESK_AUDIT_FILE, DESK_FILE, deskEventsOf } from "../files/desk-store";
import { draftLineSchema, DRAFTS_FILE, PHOTOS_DIR, postVersionSchema, VERSIONS_FILE } from "../files/posts-store";

interface JobRow {
  id: string;
  kind: string;
  job: unknown;
  state: "pending" | "sent" | "failed";
  attempts: number;
  next_attempt_at: string | null;
  last_error: string | null;
  settled_at: string | null;
  queued_at: string;
}

const lines = (records: readonly unknown[]): string => records.map((record) => `${JSON.stringify(record)}\n`).join("");

/** The records a query selects, each through its schema: checked, and its fields in the order the files store writes them. */
async function recordsOf(client: pg.PoolClient, sql: string, schema: z.ZodType): Promise<unknown[]> {
  return (await client.query<{ record: unknown }>(sql)).rows.map((row) => schema.parse(row.record));
}

/**
 * outbox.jsonl as the files store reads it: what happened to each post's job, and the other jobs
 * queued. A job on its way (claimed by an instance, not settled) is written as the files store
 * would read it back: pending, due at once. Every time is one the database keeps (a job's last
 * attempt; else, sent before its time was kept, when it was queued), never the export's own, so
 * import-files.ts reads the file back into the same rows and an export of those writes the same
 * lines.
 */
function outboxLines(jobs: JobRow[]): unknown[] {
  const out: unknown[] = [];
  for (const row of jobs) {
    const iso = (ms: string | null) => (ms === null ? row.queued_at : new Date(Number(ms)).toISOString());
    const at = iso(row.settled_at);
    if (row.kind === "report") out.push({ event: "queued", id: row.id, at: row.queued_at, job: reportJobSchema.parse(row.job) });
    if (row.state === "sent") out.push({ event: "sent", id: row.id, at, attempts: row.attempts });
    else if (row.state === "failed") out.push({ event: "failed", id: row.id, at, attempts: row.attempts, error: row.last_error ?? "" });
    else if (row.attempts > 0) out.push({ event: "retry", id: row.id, at, attempts: row.attempts, error: row.last_error ?? "", nextAttemptAt: iso(row.next_attempt_at) });
  }
  return out;
}

export async function exportToFiles(db: Database, target: string): Promise<BackupSummary> {
  // Made under a temp name and renamed when whole, as the files store's backup: a folder that exists is a whole one.
  const temp = path.join(path.dirname(target), `.${path.basename(target)}.partial`);
  await rm(temp, { recursive: true, force: true });
  await mkdir(temp, { recursive: true });
  let photos = 0;
  const files = await db.transaction(
    async (client) => {
      // The posts' photos, one at a time (a photo can be megabytes), from the same snapshot as the rest.
      const shas = (await client.query<{ sha: string }>("SELECT sha FROM post_photos ORDER BY sha")).rows.map((row) => row.sha);
      if (shas.length > 0) await mkdir(path.join(temp, PHOTOS_DIR));
      for (const sha of shas) {
        const { rows } = await client.query<{ bytes: Buffer }>("SELECT bytes FROM post_photos WHERE sha = $1", [sha]);
        if (rows[0]) await writeFile(path.join(temp, PHOTOS_DIR, sha), rows[0].bytes, { mode: 0o644 });
      }
      photos = shas.length;
      const jobs = await client.query<JobRow>(
        "SELECT id, kind, job, state, attempts, next_attempt_at, last_error, settled_at, job->>'createdAt' AS queued_at FROM mail_jobs WHERE kind NOT IN ('sign-in', 'push') ORDER BY seq",
      );
      const keys = await client.query<{ name: string; value: Buffer }>("SELECT name, value FROM store_keys ORDER BY name");
      return {
        [SUBMISSIONS_FILE]: await recordsOf(client, "SELECT record FROM messages WHERE box = 'inbox' ORDER BY seq", submissionSchema),
        [SPAM_FILE]: await recordsOf(client, "SELECT record FROM messages WHERE box = 'spam' ORDER BY seq", submissionSchema),
        [MESSAGE_EVENTS_FILE]: await recordsOf(client, "SELECT record FROM message_events ORDER BY seq", handledEventSchema),
        [MESSAGE_ANSWERS_FILE]: await recordsOf(client, "SELECT record FROM message_answers ORDER BY seq", answerSchema),
        // The devices as the lines that add up to them (files/push-files.ts): those the owner turned off, then those kept, oldest first.
        [PUSH_DEVICES_FILE]: [
          ...(await client.query<{ id: string; at: string }>("SELECT id, at FROM push_devices_off ORDER BY at, id")).rows.map((row) => ({ event: "removed", id: row.id, at: row.at, off: true })),
          ...(await recordsOf(client, "SELECT record FROM push_devices ORDER BY seq", pushDeviceSchema)).map((device) => ({ event: "kept", device })),
        ],
        [REVIEWS_FILE]: await recordsOf(client, "SELECT record FROM reviews WHERE box = 'posted' ORDER BY seq", storedReviewSchema),
        [REVIEW_SPAM_FILE]: await recordsOf(client, "SELECT record FROM reviews WHERE box = 'spam' ORDER BY seq", storedReviewSchema),
        [DECISIONS_FILE]: await recordsOf(client, "SELECT record FROM review_decisions ORDER BY seq", decisionSchema),
        [OUTBOX_FILE]: outboxLines(jobs.rows),
        // visits.jsonl leaves empty fields out; the day's salt and hashes stay out of a copy.
        [VISITS_FILE]: (
          await client.query<{ line: unknown }>(
            "SELECT jsonb_strip_nulls(jsonb_build_object('day', day, 'kind', kind, 'path', nullif(path, ''), 'source', nullif(source, ''), 'device', nullif(device, ''), 'landing', nullif(landing, ''), 'button', nullif(button, ''), 'count', count)) AS line FROM visit_counts ORDER BY seq",
          )
        ).rows.map((row) => Object.fromEntries(Object.entries(countLine.parse(row.line)).filter(([, value]) => value !== ""))),
        [VISIT_CLAIMS_FILE]: (await client.query<{ line: unknown }>("SELECT jsonb_build_object('name', name, 'at', to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"')) AS line FROM visit_claims ORDER BY at")).rows.map((row) =>
          claimLine.parse(row.line),
        ),
        // The desk's records as the lines that add up to them (hashes only, as the tables keep them).
        [DESK_FILE]: deskEventsOf({
          signIns: (await client.query<SignInRow>(`SELECT ${SIGN_IN_COLUMNS} FROM desk_sign_ins ORDER BY seq`)).rows.map(signInOf),
          codeTries: (await client.query<{ key: string; at: string }>("SELECT key, at FROM desk_code_tries ORDER BY at")).rows,
          sessions: (await client.query<SessionRow>(`SELECT ${SESSION_COLUMNS} FROM desk_sessions ORDER BY seq`)).rows.map(sessionOf),
          passkeys: (await client.query<PasskeyRow>(`SELECT ${PASSKEY_COLUMNS} FROM desk_passkeys ORDER BY seq`)).rows.map(passkeyOf),
        }),
        [DESK_AUDIT_FILE]: (await client.query<AuditRow>(`SELECT ${AUDIT_COLUMNS} FROM desk_audit ORDER BY seq`)).rows.map((row) => auditRecord.parse(auditEntryOf(row))),
        [VERSIONS_FILE]: await recordsOf(client, "SELECT record FROM post_versions ORDER BY seq", postVersionSchema),
        [DRAFTS_FILE]: (await client.query<{ post_id: string; at: string; state: unknown }>("SELECT post_id, at, state FROM post_drafts ORDER BY at")).rows.map((row) =>
          draftLineSchema.parse({ postId: row.post_id, at: row.at, state: row.state }),
        ),
        keys: keys.rows,
      };
    },
    { readOnlySnapshot: true },
  );

  const { keys, ...jsonl } = files;
  let count = photos;
  let records = 0;
  for (const [name, list] of Object.entries(jsonl)) {
    if (list.length === 0) continue;
    await writeFile(path.join(temp, name), lines(list));
    count += 1;
    records += list.length;
  }
  for (const key of keys) {
    const file = path.join(temp, key.name);
    await writeFile(file, `${key.value.toString("hex")}\n`, { mode: 0o600 });
    await chmod(file, 0o600);
    count += 1;
  }
  await rename(temp, target);
  return { files: count, records };
}
