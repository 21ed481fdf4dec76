import { rename, writeFile } from "node:fs/promises";
import type { PagePath } from "../../src/entry-server";
import { fileStamp } from "../../src/content/file-stamp";
import type { Post } from "../../src/content/posts";
import { pathTo } from "../../src/routes";
import { postApiFileName } from "./blog-files";
import { recordedFile, type CachedPost } from "./build-cache";
import type { OutputFile, PreviousOutput, RecordedFile } from "./build-output";
import type { WorkerPool } from "./worker-pool";
import type { ApiFile, PageFile, RenderedFile } from "./worker-protocol";

/** A post's page and API file as a build made them, and the post they were made from. */
interface PostOutput {
  post: Post;
  page: RenderedFile;
  api: ApiFile;
}

/** A post as last parsed, with the stamp its file had just before it was read (fileStamp). */
export interface StampedPost extends CachedPost {
  stamp?: string;
}

// Once the owner has paused, not after each save: the post cache of 4,000 posts is 12 MB of JSON,
// whose making would slow the next rebuild (and its garbage the one after). Lost on a crash, it only
// means the posts edited in the last half minute are parsed again at the next start.
const SAVE_DELAY_MS = 30_000;

/**
 * What a long-running process (`npm run dev`, `npm start`) keeps from one build to
 * the next, so that publishing one edited post costs about as much as rendering it:
 * the render workers with the server bundle loaded (while the code is the same),
 * every post as parsed with its file's stamp (a file whose stamp is unchanged is
 * not read again), the posts' pages (not rendered again while their post and
 * what all pages share are the same), and the output record it last wrote. A
 * one-off `npm run build` has none: it reads the previous build's records from
 * the output folder (scripts/build-engine/build-cache.ts).
 */
export class BuildSession {
  private workers?: { codeHash: string; pool: WorkerPool };
  private posts?: { key: string; byFile: Map<string, StampedPost> };
  private postPages?: { key: string; byPath: Map<string, PostOutput> };
  private outputRecord?: { file: string; stamp: string; key: string; files: Map<string, RecordedFile> };
  private pendingSave?: { timer: NodeJS.Timeout; file: string; data: () => Promise<Uint8Array> };
  private saving: Promise<void> = Promise.resolve();
  private startedByEndedPools = 0;

  /** Render workers started over this session's life (the soak's figure: a long-running process should start few). */
  get workersStarted(): number {
    return this.startedByEndedPools + (this.workers?.pool.started ?? 0);
  }

  /** The last build's workers when they run this code; otherwise `make`'s (the old ones are ended). */
  async pool(codeHash: string, make: () => WorkerPool): Promise<WorkerPool> {
    if (this.workers?.codeHash === codeHash) return this.workers.pool;
    await this.discardPool();
    const pool = make();
    this.workers = { codeHash, pool };
    return pool;
  }

  /**
   * After a build that failed, before its staging folder is removed: the workers finish what they
   * were given (other batches of that build, written into that folder) and are kept for the next
   * build, since starting a worker costs a V8 and the server bundle compiled again, and memory the
   * process keeps. Ended only when one failed or stopped, or they are still busy after `limitMs`.
   */
  async settleAfterFailure(limitMs = 30_000): Promise<void> {
    const pool = this.workers?.pool;
    if (!pool) return;
    let timer: NodeJS.Timeout | undefined;
    const idle = await Promise.race([pool.idle().then(() => true), new Promise<boolean>((resolve) => (timer = setTimeout(resolve, limitMs, false)))]);
    clearTimeout(timer);
    if (!idle || !pool.whole) await this.discardPool();
  }

  /** Ends the workers (on close, when the code changed, after a failure that left them broken); the next build starts new ones. */
  async discardPool(): Promise<void> {
    const pool = this.workers?.pool;
    this.workers = undefined;
    this.startedByEndedPools += pool?.started ?? 0;
    await pool?.close();
  }

  /** The posts as last parsed under `key` (code, site.json and photos: postCacheKey), if any. */
  postsUnder(key: string): Map<string, StampedPost> | undefined {
    return this.posts?.key === key ? this.posts.byFile : undefined;
  }

  keepPosts(key: string, posts: readonly StampedPost[]): void {
    this.posts = { key, byFile: new Map(posts.map((p) => [p.post.file, p])) };
  }

  /**
   * The paths to render, and the post pages (with their API files) to keep as the
   * last build made them: a post's page shows its post and nothing else
   * (src/pages/blog-post-page.tsx), so while the post was not parsed again, the
   * data all pages share is the same (`renderKey`), and the live folder's record
   * has the files, they are what rendering would give again. Only when this build
   * updates the live folder (`live`). `live` comes back without the kept files.
   */
  keptPostPages(renderKey: string, live: PreviousOutput | undefined, paths: readonly PagePath[], posts: readonly Post[]) {
    const last = live && this.postPages?.key === renderKey ? this.postPages.byPath : undefined;
    const bySlug = new Map(posts.map((p) => [p.slug, p]));
    // This process made those files; unlike a one-off build (isUnchanged) it does not look for each on disk.
    const recorded = (f: PageFile) => live?.files.get(f.file)?.[0] === f.sha;
    const kept: PostOutput[] = [];
    const toRender = paths.filter(({ path }) => {
      const was = last?.get(path);
      if (!was || bySlug.get(was.post.slug) !== was.post || !recorded(was.page) || !recorded(was.api)) return true;
      kept.push(was);
      return false;
    });
    // The workers compare what they render with the live folder's record: only the rest of it concerns them.
    const keptFiles = new Set(kept.flatMap((k) => [k.page.file, k.api.file]));
    const rest = live && keptFiles.size > 0 ? { outDir: live.outDir, files: new Map([...live.files].filter(([file]) => !keptFiles.has(file))) } : live;
    return { toRender, pages: kept.map((k) => ({ ...k.page, staged: false })), beside: kept.map((k) => ({ ...k.api, staged: false })), live: rest };
  }

  /** After a build was put in place: its post pages, for keptPostPages. */
  keepPostPages(renderKey: string, posts: readonly Post[], pages: readonly RenderedFile[], beside: readonly ApiFile[]): void {
    const pageByPath = new Map(pages.map((f) => [f.path, f]));
    const apiByFile = new Map(beside.map((f) => [f.file, f]));
    const byPath = new Map<string, PostOutput>();
    for (const post of posts) {
      const path = pathTo.post(post.slug);
      const page = pageByPath.get(path);
      const api = apiByFile.get(postApiFileName(post.slug));
      if (page && api) byPath.set(path, { post, page, api });
    }
    this.postPages = { key: renderKey, byPath };
  }

  /**
   * The output record (scripts/build-engine/build-cache.ts) this process last wrote to `file` under `key`, while
   * `file` is still the one it wrote: another build into the same folder replaces it. Saves reading
   * and parsing it (0.7 MB with 4,000 posts) at every publish.
   */
  recordedOutput(file: string, key: string): Map<string, RecordedFile> | undefined {
    const kept = this.outputRecord;
    return kept?.file === file && kept.key === key && kept.stamp === fileStamp(file) ? kept.files : undefined;
  }

  /** After a build was put in place with `files` recorded in `file`: for recordedOutput. */
  keepRecordedOutput(file: string, key: string, files: readonly OutputFile[]): void {
    this.outputRecord = { file, key, stamp: fileStamp(file), files: new Map(files.map((f) => [f.file, recordedFile(f)])) };
  }

  /**
   * Writes `file` (a cache for the next process) a little later, replacing an
   * earlier pending write of it: a build does not wait for it.
   */
  saveLater(file: string, data: () => Promise<Uint8Array>): void {
    if (this.pendingSave) clearTimeout(this.pendingSave.timer);
    const timer = setTimeout(() => this.flush(), SAVE_DELAY_MS);
    timer.unref();
    this.pendingSave = { timer, file, data };
  }

  private flush(): Promise<void> {
    const pending = this.pendingSave;
    this.pendingSave = undefined;
    if (!pending) return this.saving;
    clearTimeout(pending.timer);
    const tmp = `${pending.file}.tmp-${process.pid}`;
    // A cache: when it cannot be written, the next process parses the posts again.
    this.saving = this.saving.then(async () => writeFile(tmp, await pending.data()).then(() => rename(tmp, pending.file))).catch(() => undefined);
    return this.saving;
  }

  /** Writes what is pending and ends the workers. */
  async close(): Promise<void> {
    await this.flush();
    await this.discardPool();
  }
}
