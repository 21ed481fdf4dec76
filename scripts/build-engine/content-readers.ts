import type { ContentProblem } from "../../src/content/content-error";
import type { ContentReaders, PageContent } from "../../src/content/content-pipeline";
import type { Photo } from "../../src/content/photo";
import type { PostFile } from "../../src/content/post-list";
import type { Post } from "../../src/content/posts";
import type { Review } from "../../src/content/review";
import type { Site } from "../../src/content/site";
import { postCacheKey, readPostCache } from "./build-cache";
import { fileStamp } from "../../src/content/file-stamp";
import type { BuildSession, StampedPost } from "./build-session";
import { inBatches, ParseTimeout, type WorkerPool } from "./worker-pool";

type Photos = Readonly<Record<string, Photo>>;

/**
 * Posts per parse request. Batches go to whichever worker is free, so the workers finish
 * together although worker 0 also reads the pages and one may start later; and this
 * thread takes in each batch's posts while the workers parse the next ones.
 */
const POSTS_PER_PARSE_BATCH = 200;

/**
 * The content readers of src/content/content-pipeline.ts for the build: the same
 * functions as `inThisThread`, run in the worker threads from the server bundle.
 * Worker 0 reads site.json and the pages' content (the Markdown of services under
 * the parse deadline); the posts are parsed in batches by whichever worker is
 * free. Posts whose text is unchanged since the previous build come from its
 * cache: only their hashes cross to the workers and back. In a long-running
 * process (a BuildSession) the cache is in memory, and a file whose stamp is
 * unchanged is not even read.
 */
export class WorkerContentReaders implements ContentReaders {
  /** After posts(): every post with the hash of its text (the next build's cache), in file order. */
  parsed: StampedPost[] = [];
  /** After posts(): files of the posts parsed again (new or edited since the previous build). */
  readonly changed = new Set<string>();
  /** After posts(): the cache key the posts were parsed under, and how many the cache held. */
  cacheKey = "";
  cacheSize = 0;

  constructor(
    private readonly pool: WorkerPool,
    private readonly opts: { photos: Photos; codeHash: string; prevServerDir: string; session?: BuildSession; reviews?: Review[] },
  ) {}

  async site(contentDir: string): Promise<Site> {
    return (await this.pool.request(0, { type: "site", contentDir }, "site")).site;
  }

  async pages(contentDir: string): Promise<PageContent> {
    return (await this.pool.request(0, { type: "pages", contentDir, photos: this.opts.photos, reviews: this.opts.reviews }, "pages")).pages;
  }

  async posts(contentDir: string, files: PostFile[], site: Site): Promise<{ posts: Post[]; problems: ContentProblem[] }> {
    const { photos, codeHash, prevServerDir, session } = this.opts;
    // A changed photo changes the HTML of the posts showing it, a changed site.json their
    // author and categories (SITE_URL is in the site): posts are parsed again.
    this.cacheKey = postCacheKey(codeHash, JSON.stringify(site) + JSON.stringify(photos));
    const cache: Map<string, StampedPost> = session?.postsUnder(this.cacheKey) ?? (await readPostCache(prevServerDir, this.cacheKey));
    this.cacheSize = cache.size;
    // Stamped before the workers read: a save after this gives the next build a new stamp.
    const stamps = new Map(session ? files.map((f) => [f.shown, fileStamp(f.abs)]) : []);
    const kept = (f: PostFile) => {
      const cached = cache.get(f.shown);
      return cached?.stamp && cached.stamp === stamps.get(f.shown) ? cached : undefined;
    };
    const toRead = files.filter((f) => !kept(f)).map((f) => ({ ...f, known: cache.get(f.shown)?.sha }));
    const replies = await this.pool.share(inBatches(toRead, POSTS_PER_PARSE_BATCH), (i, batch) => this.parseBatch(i, { contentDir, site, photos }, batch));
    const problems = replies.flatMap((r) => r.problems);
    const read = new Map<string, StampedPost>();
    for (const { file, sha, post } of replies.flatMap((r) => r.posts)) {
      if (post) this.changed.add(post.file);
      const known = post ? { sha, post } : cache.get(file);
      if (known) read.set(file, { sha: known.sha, post: known.post, stamp: stamps.get(file) });
    }
    this.parsed = files.flatMap((f) => kept(f) ?? read.get(f.shown) ?? []);
    session?.keepPosts(this.cacheKey, this.parsed);
    return { posts: this.parsed.map((c) => c.post), problems };
  }

  /**
   * One batch of posts, parsed by worker `i`. A file that takes too long ends the worker
   * (scripts/build-engine/worker-pool.ts); the batch is then parsed again without it, so the build
   * still reports every other file's problems in the same run. The worker's other
   * batch, ended with it, is parsed again whole.
   */
  private async parseBatch(i: number, shared: { contentDir: string; site: Site; photos: Photos }, files: (PostFile & { known?: string })[]) {
    const timedOut: ContentProblem[] = [];
    let rest = files;
    for (;;) {
      try {
        const reply = await this.pool.request(i, { type: "parse", ...shared, files: rest }, "parsed");
        return { posts: reply.posts, problems: [...timedOut, ...reply.problems] };
      } catch (err) {
        if (!(err instanceof ParseTimeout)) throw err;
        if (!rest.some((f) => f.shown === err.file)) continue;
        timedOut.push(...err.problems);
        rest = rest.filter((f) => f.shown !== err.file);
      }
    }
  }
}
