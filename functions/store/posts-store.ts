// The desk's memory of posts (functions/desk/posts/): every version of every post the desk
// saved, published, unpublished, deleted or restored, the photos those versions had, and the
// owner's unsaved work (autosave). It is the `posts` part of the one store (functions/store/
// store.ts), with the other data the servers keep (DATA_DIR, or the database), so a restart, a
// deploy, `npm run backup` and `npm run data -- import/export` keep it; content/ keeps only the
// current files. Implementations: JSON lines (functions/store/files/posts-store.ts), PostgreSQL
// (functions/store/postgres/post-tables.ts); the behaviour every one must have is
// functions/store/posts-store-behaviour.ts.

/**
 * The site's own pages (a service, a town, the home page: functions/desk/pages/site-pages.ts) keep
 * their versions here too, under ids of this shape ("page:services/tree-removal.md", never a
 * post's UUID), so the posts' lists pass over them.
 */
export const pageVersionId = (file: string): string => `page:${file}`;
export const isPageVersion = (version: { postId: string }): boolean => version.postId.startsWith("page:");

/** What happened to the post in the version: "found" is a change made outside the desk (a file edited on the server, a git pull). */
export type PostEvent = "found" | "saved" | "published" | "scheduled" | "unpublished" | "deleted" | "restored";

/** A photo beside a post: its file name there and its bytes' SHA-256 (the bytes are kept once, by hash). */
export interface PostPhotoRef {
  name: string;
  sha: string;
}

export interface NewPostVersion {
  /** Stable across the post's life, renames included (the desk makes it when it first meets the post). */
  postId: string;
  slug: string;
  /** ISO time. */
  at: string;
  event: PostEvent;
  /** The post's file as it was; null after a deletion. */
  text: string | null;
  /** The photos beside it (none for a post that is one file). */
  photos: PostPhotoRef[];
  /** Who did it (the signed-in owner's email), when the desk did. */
  by?: string;
}

export interface PostVersion extends NewPostVersion {
  id: string;
}

/** The owner's unsaved work on one post, as the editor last sent it. */
export interface PostDraft {
  postId: string;
  /** ISO time it was sent. */
  at: string;
  /** The editor's whole state (src/content/post-form.ts); the store keeps it as it is. */
  state: unknown;
}

export interface PostsStore {
  /** Keeps a version; durable once resolved. */
  addVersion(version: NewPostVersion): Promise<PostVersion>;
  /** The post's versions, newest first. */
  history(postId: string): Promise<PostVersion[]>;
  version(id: string): Promise<PostVersion | undefined>;
  /** The post whose newest version has this slug (its newest version), if any. */
  latestBySlug(slug: string): Promise<PostVersion | undefined>;
  /** The newest version of every post, newest first (deleted ones too: their event says so). */
  latestVersions(): Promise<PostVersion[]>;

  /** Keeps a photo's bytes (once per content); returns their SHA-256 (hex). Durable once resolved. */
  putPhoto(bytes: Uint8Array): Promise<string>;
  photo(sha: string): Promise<Buffer | undefined>;

  /** Replaces the post's unsaved work; durable once resolved. */
  saveDraft(draft: PostDraft): Promise<void>;
  draft(postId: string): Promise<PostDraft | undefined>;
  /** Every post's unsaved work, newest first. */
  drafts(): Promise<PostDraft[]>;
  discardDraft(postId: string): Promise<void>;

  close(): Promise<void>;
}
