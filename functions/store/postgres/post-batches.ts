import type { MailJob } from "../records";
import { withoutSecret } from "../records";
import { StoreUnavailableError } from "../store-errors";
import type { Queryable } from "./outbox-tables";

/** A post's row (a message, a review) and its mail job, as one element of a batch. */
interface PostRow {
  id: string;
  record: unknown;
  kind: MailJob["kind"];
  job: unknown;
  due_at: number;
}

interface Waiting {
  row: PostRow;
  resolve: () => void;
  reject: (error: unknown) => void;
}

type PostTable = "messages" | "reviews";

const postRow = (post: { id: string }, job: MailJob, now: number): PostRow => ({ id: post.id, record: post, kind: job.kind, job: withoutSecret(job), due_at: now });

/**
 * Stores posts' rows and queues their mail jobs in one statement: one commit, so a post answered
 * 201 is never without its email, and one round trip. No NOTIFY: it would make every post's commit
 * wait its turn (PostgreSQL serializes commits that notify); the instance that stored the post
 * sends it (`queued`), and the others poll.
 */
function insertPosts(run: Queryable, table: PostTable, box: string, rows: PostRow[]): Promise<unknown> {
  return run.query(
    `WITH input AS (SELECT e, n FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS t(e, n)),
     post AS (INSERT INTO ${table} (box, id, record) SELECT $2, e->>'id', e->'record' FROM input ORDER BY n)
     INSERT INTO mail_jobs (id, kind, job, due_at)
     SELECT e->>'id', e->>'kind', e->'job', (e->>'due_at')::bigint FROM input ORDER BY n
     ON CONFLICT (id) DO NOTHING`,
    [JSON.stringify(rows), box],
  );
}

/** One post, on a connection in a transaction (a rescue from the spam). */
export const storePost = (run: Queryable, table: PostTable, box: string, post: { id: string }, job: MailJob, now: number): Promise<unknown> =>
  insertPosts(run, table, box, [postRow(post, job, now)]);

/** At most this many posts in one statement: a few hundred kilobytes of JSON at the largest. */
const MOST_PER_BATCH = 200;

/**
 * Stores posts with their mail jobs, several in one statement when they arrive together: while
 * one INSERT is on its way, the posts that arrive wait and go in the next, one round trip and one
 * commit for all (the files store's group commit, jsonl-append.ts, in SQL). Each post resolves only
 * after the commit that holds it, so a 201 still means stored; a batch is one statement, so it is
 * stored whole or not at all. A batch refused for any reason but an unreachable database is tried
 * again post by post, so one post's fault is answered to that post alone.
 */
export function createPostBatches(db: Queryable, table: PostTable, box: string) {
  let waiting: Waiting[] = [];
  let flushing = false;

  const write = (rows: PostRow[]) => insertPosts(db, table, box, rows);

  async function flush(): Promise<void> {
    flushing = true;
    while (waiting.length > 0) {
      const batch = waiting.slice(0, MOST_PER_BATCH);
      waiting = waiting.slice(batch.length);
      try {
        await write(batch.map((w) => w.row));
        for (const w of batch) w.resolve();
      } catch (error) {
        if (batch.length === 1 || error instanceof StoreUnavailableError) for (const w of batch) w.reject(error);
        else await Promise.all(batch.map((w) => write([w.row]).then(w.resolve, w.reject)));
      }
    }
    flushing = false;
  }

  return {
    /** Resolves once the post and its job are committed. */
    store(post: { id: string }, job: MailJob, now: number): Promise<void> {
      return new Promise<void>((resolve, reject) => {
        waiting.push({ row: postRow(post, job, now), resolve, reject });
        if (!flushing) void flush();
      });
    },
  };
}
