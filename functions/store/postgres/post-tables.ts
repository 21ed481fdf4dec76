import { randomUUID } from "node:crypto";
import { postVersionSchema } from "../files/posts-store";
import type { PostDraft, PostsStore, PostVersion } from "../posts-store";
import type { Database } from "./database";
import { createPhotoTable } from "./photo-tables";

/** The newest version of each post (a subquery: WHERE, ORDER BY and LIMIT go after it). */
const NEWEST_PER_POST = "SELECT seq, slug, record FROM (SELECT DISTINCT ON (post_id) seq, slug, record FROM post_versions ORDER BY post_id, seq DESC) newest";

const versionOf = (row: { record: unknown }): PostVersion => postVersionSchema.parse(row.record);
const draftOf = (row: { post_id: string; at: string; state: unknown }): PostDraft => ({ postId: row.post_id, at: row.at, state: row.state });

/**
 * The desk's posts in PostgreSQL (functions/store/posts-store.ts), written by the instance that
 * builds and publishes; in the database so that `npm run backup` and `npm run data -- export`
 * copy them with everything else. Every write is one statement, committed before it resolves.
 */
export function createPostTables(db: Database): PostsStore {
  const photos = createPhotoTable(db, "post_photos");
  return {
    async addVersion(input) {
      const version = postVersionSchema.parse({ id: randomUUID(), ...input, photos: input.photos.map((p) => ({ name: p.name, sha: p.sha })) });
      await db.query("INSERT INTO post_versions (id, post_id, slug, record) VALUES ($1, $2, $3, $4)", [version.id, version.postId, version.slug, version]);
      return version;
    },
    async history(postId) {
      return (await db.query<{ record: unknown }>("SELECT record FROM post_versions WHERE post_id = $1 ORDER BY seq DESC", [postId])).rows.map(versionOf);
    },
    async version(id) {
      const row = (await db.query<{ record: unknown }>("SELECT record FROM post_versions WHERE id = $1", [id])).rows[0];
      return row && versionOf(row);
    },
    async latestBySlug(slug) {
      const row = (await db.query<{ record: unknown }>(`${NEWEST_PER_POST} WHERE slug = $1 ORDER BY seq DESC LIMIT 1`, [slug])).rows[0];
      return row && versionOf(row);
    },
    async latestVersions() {
      return (await db.query<{ record: unknown }>(`${NEWEST_PER_POST} ORDER BY seq DESC`)).rows.map(versionOf);
    },

    putPhoto: (bytes) => photos.put(bytes),
    photo: (sha) => photos.get(sha),

    async saveDraft(draft) {
      // As JSON text: node-postgres would send a JavaScript array as a PostgreSQL array.
      await db.query(
        "INSERT INTO post_drafts (post_id, at, state) VALUES ($1, $2, $3) ON CONFLICT (post_id) DO UPDATE SET at = EXCLUDED.at, state = EXCLUDED.state",
        [draft.postId, draft.at, JSON.stringify(draft.state ?? null)],
      );
    },
    async draft(postId) {
      const row = (await db.query<{ post_id: string; at: string; state: unknown }>("SELECT post_id, at, state FROM post_drafts WHERE post_id = $1", [postId])).rows[0];
      return row && draftOf(row);
    },
    async drafts() {
      return (await db.query<{ post_id: string; at: string; state: unknown }>("SELECT post_id, at, state FROM post_drafts ORDER BY at DESC")).rows.map(draftOf);
    },
    async discardDraft(postId) {
      await db.query("DELETE FROM post_drafts WHERE post_id = $1", [postId]);
    },

    // The pool is the store's, which closes it.
    close: async () => undefined,
  };
}
