import type { MessageBox, MessageItem, MessageQuery, MessageStore } from "../message-store";
import type { DeliveryState } from "../outbox-store";
import { answerSchema, contactJob, handledEventSchema, newPost, submissionSchema, withPhotos, type Answer, type HandledEvent, type Submission } from "../records";
import { InvalidCursorError } from "../store-errors";
import type { Database } from "./database";
import type { OutboxTables } from "./outbox-tables";
import { createPostBatches, storePost } from "./post-batches";

const DEFAULT_PAGE = 20;
const MAX_PAGE = 100;

interface MessageRow {
  seq: string;
  box: MessageBox;
  record: unknown;
  handled: unknown;
  answered: unknown;
  job_state: "pending" | "sent" | "failed" | null;
  rescued: unknown;
}

// A message with what the desk shows beside it: its latest handled event, its first answer and
// its email's state (inbox), or whether it was rescued (spam: the inbox copy, same id, carries `rescued`).
const SELECT_ITEMS = `
  SELECT m.seq, m.box, m.record, e.record AS handled, a.record AS answered, j.state AS job_state, r.record -> 'rescued' AS rescued
  FROM messages m
  LEFT JOIN LATERAL (SELECT record FROM message_events WHERE id = m.id ORDER BY seq DESC LIMIT 1) e ON m.box = 'inbox'
  LEFT JOIN message_answers a ON m.box = 'inbox' AND a.id = m.id
  LEFT JOIN mail_jobs j ON m.box = 'inbox' AND j.id = m.id
  LEFT JOIN messages r ON m.box = 'spam' AND r.box = 'inbox' AND r.id = m.id`;

const deliveryOf = (state: MessageRow["job_state"]): DeliveryState => (state === "pending" ? "waiting" : state === "failed" ? "failed" : "sent");

function toItem(row: MessageRow): MessageItem {
  const message = submissionSchema.parse(row.record);
  if (row.box === "spam") {
    const rescued = submissionSchema.shape.rescued.parse(row.rescued ?? undefined);
    return { ...message, box: "spam", ...(rescued ? { rescued } : {}) };
  }
  const handled = row.handled ? handledEventSchema.parse(row.handled) : undefined;
  const answered = row.answered ? answerSchema.parse(row.answered) : undefined;
  return { ...message, box: "inbox", ...(handled ? { handled } : {}), ...(answered ? { answered } : {}), delivery: deliveryOf(row.job_state) };
}

/** `%words%` for ILIKE, its wildcards taken as themselves. */
const likePattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The search of the files store (functions/store/files/message-files.ts searchMatcher), in SQL:
 * the words in the name, email or message, any case; or the digits of a query that is a phone
 * number or part of one among the phone number's digits.
 */
function searchCondition(search: string | undefined, values: unknown[]): string | undefined {
  const query = search?.trim() ?? "";
  if (query === "") return undefined;
  values.push(likePattern(query));
  const words = `$${values.length}`;
  const conditions = [`m.record->>'name' ILIKE ${words}`, `m.record->>'email' ILIKE ${words}`, `m.record->>'message' ILIKE ${words}`];
  const digits = /^[\d\s()+.-]+$/.test(query) ? query.replace(/\D/g, "") : "";
  if (digits.length >= 3) {
    values.push(`%${digits}%`);
    conditions.push(`regexp_replace(m.record->>'phone', '\\D', '', 'g') LIKE $${values.length}`);
  }
  return `(${conditions.join(" OR ")})`;
}

function encodeCursor(box: MessageBox, seq: string): string {
  return Buffer.from(`${box}:${seq}`).toString("base64url");
}

function decodeCursor(cursor: string, box: MessageBox): string {
  const match = /^(inbox|spam):(\d{1,18})$/.exec(Buffer.from(cursor, "base64url").toString("utf8"));
  if (!match?.[2] || match[1] !== box) throw new InvalidCursorError();
  return match[2];
}

/** Messages in PostgreSQL: one row per message, the list's cursor is the order stored (`seq`). */
export function createMessageTables(db: Database, outbox: OutboxTables, clock: () => number): MessageStore {
  const now = (): string => new Date(clock()).toISOString();
  const inbox = createPostBatches(db, "messages", "inbox");

  return {
    async add(input, source, photos) {
      const message = withPhotos(newPost(input, now(), source), photos);
      await inbox.store(message, contactJob(message), clock());
      outbox.queued();
      return message;
    },

    async hold(input, spamReason, source) {
      const message: Submission = { ...newPost(input, now(), source), spamReason };
      await db.query("INSERT INTO messages (box, id, record) VALUES ('spam', $1, $2)", [message.id, message]);
      return message;
    },

    async list(query: MessageQuery = {}) {
      const box = query.box ?? "inbox";
      const limit = Math.min(MAX_PAGE, Math.max(1, Math.floor(query.limit ?? DEFAULT_PAGE)));
      const values: unknown[] = [box];
      const where = ["m.box = $1"];
      if (query.cursor !== undefined) {
        values.push(decodeCursor(query.cursor, box));
        where.push(`m.seq < $${values.length}`);
      }
      const search = searchCondition(query.search, values);
      if (search) where.push(search);
      if (box === "inbox" && query.handled !== undefined) {
        values.push(query.handled);
        where.push(`coalesce((e.record->>'handled')::boolean, false) = $${values.length}`);
      }
      values.push(limit + 1);
      const { rows } = await db.query<MessageRow>(`${SELECT_ITEMS} WHERE ${where.join(" AND ")} ORDER BY m.seq DESC LIMIT $${values.length}`, values);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return { items: page.map(toItem), ...(rows.length > limit && last ? { next: encodeCursor(box, last.seq) } : {}) };
    },

    async get(id) {
      const { rows } = await db.query<MessageRow>(`${SELECT_ITEMS} WHERE m.id = $1 ORDER BY m.box = 'inbox' DESC LIMIT 1`, [id]);
      return rows[0] && toItem(rows[0]);
    },

    async setHandled(id, handled, by) {
      const event: HandledEvent = { id, handled, by, at: now() };
      // One statement: the event, and "handled" as the message's first answer unless it has one.
      const { rows } = await db.query<{ stored: string }>(
        `WITH event AS (
           INSERT INTO message_events (id, record) SELECT $1, $2 WHERE EXISTS (SELECT 1 FROM messages WHERE box = 'inbox' AND id = $1) RETURNING id),
         answer AS (
           INSERT INTO message_answers (id, record) SELECT id, $3 FROM event WHERE $4 ON CONFLICT (id) DO NOTHING)
         SELECT count(*) AS stored FROM event`,
        [id, event, { id, how: "handled", by, at: event.at } satisfies Answer, handled],
      );
      return Number(rows[0]?.stored) > 0 ? event : undefined;
    },

    async answer(id, how, by) {
      const answer: Answer = { id, how, by, at: now() };
      const stored = await db.query<{ record: unknown }>(
        "INSERT INTO message_answers (id, record) SELECT $1, $2 WHERE EXISTS (SELECT 1 FROM messages WHERE box = 'inbox' AND id = $1) ON CONFLICT (id) DO NOTHING RETURNING record",
        [id, answer],
      );
      if (stored.rows[0]) return { answer, first: true };
      // Answered before (a statement of its own, which sees an answer another instance committed meanwhile), or no such message.
      const known = await db.query<{ record: unknown }>("SELECT record FROM message_answers WHERE id = $1", [id]);
      return known.rows[0] ? { answer: answerSchema.parse(known.rows[0].record), first: false } : undefined;
    },

    async rescue(spamId, by) {
      const result = await db.transaction(async (client) => {
        // The held post's row is locked: two presses of "Not spam", on any instances, take turns.
        const held = await client.query<{ record: unknown }>("SELECT record FROM messages WHERE box = 'spam' AND id = $1 FOR UPDATE", [spamId]);
        const done = await client.query<{ record: unknown }>("SELECT record FROM messages WHERE box = 'inbox' AND id = $1", [spamId]);
        if (done.rows[0]) return { message: submissionSchema.parse(done.rows[0].record), rescued: false };
        if (!held.rows[0]) return undefined;
        const { spamReason = "", ...fields } = submissionSchema.parse(held.rows[0].record);
        const message: Submission = { ...fields, rescued: { by, at: now(), spamReason } };
        await storePost(client, "messages", "inbox", message, contactJob(message), clock());
        return { message, rescued: true };
      });
      if (result?.rescued) outbox.queued();
      return result;
    },

    async erase(id) {
      return db.transaction(async (client) => {
        // Its rows locked first: a "Not spam" under way (which locks the held row) finishes before, and the
        // statements below, each seeing what was committed before it began, find the copy it stored.
        await client.query("SELECT 1 FROM messages WHERE id = $1 FOR UPDATE", [id]);
        const gone = await client.query<{ record: unknown }>("DELETE FROM messages WHERE id = $1 RETURNING record", [id]);
        if (gone.rows.length === 0) return false;
        await client.query("DELETE FROM message_events WHERE id = $1", [id]);
        await client.query("DELETE FROM message_answers WHERE id = $1", [id]);
        // Its email and its notifications, whatever their state: a sent one's row still holds the visitor's words.
        // One being sent now goes out; its sender's settling then finds no row (outbox-tables.ts).
        await outbox.forget(client, "message", id);
        const shas = gone.rows.flatMap((row) => (submissionSchema.parse(row.record).photos ?? []).flatMap((photo) => [photo.sha, photo.thumb]));
        // Photos no other message names (the same bytes sent twice stay the other message's).
        await client.query(
          `DELETE FROM message_photos p WHERE p.sha = ANY($1::text[]) AND NOT EXISTS (
             SELECT 1 FROM messages m, jsonb_array_elements(m.record -> 'photos') photo
             WHERE m.record ? 'photos' AND (photo ->> 'sha' = p.sha OR photo ->> 'thumb' = p.sha))`,
          [shas],
        );
        return true;
      });
    },

    async receivedBefore(before) {
      // ISO times in UTC (records.ts newPost) sort as text; migrations/012-retention.sql indexes them.
      const { rows } = await db.query<{ id: string }>("SELECT DISTINCT id FROM messages WHERE record->>'createdAt' < $1", [new Date(before).toISOString()]);
      return rows.map((row) => row.id);
    },

    async all(box) {
      const { rows } = await db.query<{ record: unknown }>("SELECT record FROM messages WHERE box = $1 ORDER BY seq", [box]);
      return rows.map((row) => submissionSchema.parse(row.record));
    },
  };
}
