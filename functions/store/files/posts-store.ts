import { randomUUID } from "node:crypto";
import path from "node:path";
import { z } from "zod";
import { consoleLogger, type Logger } from "../../logger";
import { createJsonlAppender } from "./jsonl-append";
import { readBytes, readJsonlFrom } from "./jsonl-read";
import type { NewPostVersion, PostDraft, PostsStore, PostVersion } from "../posts-store";
import { writeFileAtomic } from "./atomic-file";
import { createPhotoFolder } from "./photo-folder";

// The posts part of the store as files in DATA_DIR (see functions/store/posts-store.ts):
//   post-versions.jsonl  every version, one line each, appended and fsynced;
//   post-drafts.jsonl    autosaves, one line each; the newest line of a post wins;
//   post-photos/<sha256> the photos of every version, each kept once, by its bytes' hash.
// `npm run backup` copies all three as it copies the other stores. The process keeps an
// index of the versions (without their text, read back by offset) and the drafts in memory.

export const VERSIONS_FILE = "post-versions.jsonl";
export const DRAFTS_FILE = "post-drafts.jsonl";
export const PHOTOS_DIR = "post-photos";

/** A line of post-versions.jsonl: a version, whole (also what the database keeps in post_versions.record). */
export const postVersionSchema = z.object({
  id: z.string(),
  postId: z.string(),
  slug: z.string(),
  at: z.string(),
  event: z.enum(["found", "saved", "published", "scheduled", "unpublished", "deleted", "restored"]),
  text: z.string().nullable(),
  photos: z.array(z.object({ name: z.string(), sha: z.string() })),
  by: z.string().optional(),
});

/** A line of post-drafts.jsonl: the newest line of a post wins; a discarded one takes its work away. */
export const draftLineSchema = z.object({ postId: z.string(), at: z.string(), state: z.unknown().optional(), discarded: z.literal(true).optional() });

/** Adds one line of post-drafts.jsonl to the unsaved work it adds up to (here, and `npm run data -- import`). */
export function applyDraftLine(drafts: Map<string, PostDraft>, line: z.infer<typeof draftLineSchema>): void {
  if (line.discarded) drafts.delete(line.postId);
  else drafts.set(line.postId, { postId: line.postId, at: line.at, state: line.state });
}

/** A version as the index holds it: the text is read back from the file when asked for. */
interface Indexed {
  version: Omit<PostVersion, "text">;
  /** Where its line is in the file (loaded at open), or its text (appended since). */
  at: { start: number; length: number } | { text: string | null };
}

export function createFilePostsStore(dataDir: string, logger: Logger = consoleLogger): PostsStore {
  const versionsFile = path.join(dataDir, VERSIONS_FILE);
  const draftsFile = path.join(dataDir, DRAFTS_FILE);
  const photos = createPhotoFolder(path.join(dataDir, PHOTOS_DIR));
  const versions = createJsonlAppender(versionsFile, logger);
  const draftLines = createJsonlAppender(draftsFile, logger);
  const index: Indexed[] = [];
  const drafts = new Map<string, PostDraft>();

  // Read at the first use, not at creation: a store opened by a CLI or a server without the desk
  // never reads them, and a DATA_DIR that cannot be read yet is tried again at the next use.
  let loading: Promise<void> | undefined;
  const loaded = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  const load = async () => {
    index.length = 0;
    drafts.clear();
    const read = await readJsonlFrom(versionsFile, 0, (v) => postVersionSchema.safeParse(v).data, logger);
    read.lines.forEach(({ record, start }, i) => {
      const { text: _text, ...version } = record;
      const next = read.lines[i + 1]?.start ?? read.end;
      index.push({ version, at: { start, length: next - start } });
    });
    const draftRead = await readJsonlFrom(draftsFile, 0, (v) => draftLineSchema.safeParse(v).data, logger);
    for (const { record } of draftRead.lines) applyDraftLine(drafts, record);
    // Autosaves come every few seconds while the owner types: the file is rewritten with only the
    // newest of each when it has grown well past them (before anything is appended in this process).
    if (draftRead.lines.length > 4 * drafts.size + 200) {
      const live = [...drafts.values()].map((d) => `${JSON.stringify({ postId: d.postId, at: d.at, state: d.state })}\n`);
      await writeFileAtomic(draftsFile, live.join(""));
    }
  };

  async function textOf(entry: Indexed): Promise<string | null> {
    if ("text" in entry.at) return entry.at.text;
    const bytes = (await readBytes(versionsFile, entry.at.start, entry.at.length)).toString("utf8");
    return postVersionSchema.parse(JSON.parse(bytes.slice(0, bytes.indexOf("\n")))).text;
  }
  const whole = async (entry: Indexed): Promise<PostVersion> => ({ ...entry.version, text: await textOf(entry) });

  /** The newest version of each post, newest first. */
  function newestPerPost(): Indexed[] {
    const seen = new Set<string>();
    const out: Indexed[] = [];
    for (let i = index.length - 1; i >= 0; i--) {
      const entry = index[i]!;
      if (seen.has(entry.version.postId)) continue;
      seen.add(entry.version.postId);
      out.push(entry);
    }
    return out;
  }

  return {
    async addVersion(input: NewPostVersion) {
      await loaded();
      const version: PostVersion = { id: randomUUID(), ...input, photos: input.photos.map((p) => ({ name: p.name, sha: p.sha })) };
      await versions.append(version);
      const { text, ...meta } = version;
      index.push({ version: meta, at: { text } });
      return version;
    },
    async history(postId) {
      await loaded();
      return Promise.all(index.filter((e) => e.version.postId === postId).reverse().map(whole));
    },
    async version(id) {
      await loaded();
      const entry = index.find((e) => e.version.id === id);
      return entry && whole(entry);
    },
    async latestBySlug(slug) {
      await loaded();
      const entry = newestPerPost().find((e) => e.version.slug === slug);
      return entry && whole(entry);
    },
    async latestVersions() {
      await loaded();
      return Promise.all(newestPerPost().map(whole));
    },

    putPhoto: (bytes) => photos.put(bytes),
    photo: (sha) => photos.get(sha),

    async saveDraft(draft) {
      await loaded();
      await draftLines.append({ postId: draft.postId, at: draft.at, state: draft.state });
      drafts.set(draft.postId, { ...draft });
    },
    async draft(postId) {
      await loaded();
      return drafts.get(postId);
    },
    async drafts() {
      await loaded();
      return [...drafts.values()].sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
    },
    async discardDraft(postId) {
      await loaded();
      if (!drafts.has(postId)) return;
      await draftLines.append({ postId, at: new Date().toISOString(), discarded: true });
      drafts.delete(postId);
    },

    async close() {
      await loading?.catch(() => undefined);
      await Promise.all([versions.close(), draftLines.close()]);
    },
  };
}
