import path from "node:path";
import { ContentError, isContentError, type ContentProblem } from "./content-error";
import { findDuplicateSlugs, listPostFiles, selectPublished, toPostJson, type PostFile } from "./post-list";
import type { Post } from "./posts";
import type { Site } from "./site";
import type { SiteContent, SitePost } from "./site-content";

/** What the pages read besides the site facts and the posts. */
export type PageContent = Pick<SiteContent, "home" | "services" | "locations" | "reviews" | "jobs" | "estimateVisits">;

/**
 * How each kind of content file is read and parsed. `inThisThread` (src/content/load-content.ts)
 * does it all here; the build passes readers that run the same functions in its worker
 * threads (scripts/build-engine/content-readers.ts), where the posts of a big blog are parsed in parallel.
 */
export interface ContentReaders {
  /** content/site.json, validated. */
  site(contentDir: string): Promise<Site>;
  /** Home, services, towns, approved reviews and the jobs of "Our work". */
  pages(contentDir: string): Promise<PageContent>;
  /** The post files, parsed in the order given; every file's problems. */
  posts(contentDir: string, files: PostFile[], site: Site): Promise<{ posts: Post[]; problems: ContentProblem[] }>;
}

export interface LoadContentOptions {
  mode: SiteContent["mode"];
  /** The build's "now" (ISO): posts dated later wait; drafts are in development builds only. */
  builtAt: string;
  /** content/blog's post files, when the caller has listed them already (the build, for its number of workers). */
  postFiles?: Promise<PostFile[]>;
}

export interface LoadedContent {
  /** What the pages render from: the published posts, newest first. */
  content: SiteContent;
  /** Every post parsed, drafts and future posts too, in file order (the build's summary and cache). */
  posts: Post[];
}

/** A post as the pages and API files read it. */
const sitePost = (post: Post): SitePost => ({ ...toPostJson(post), draft: post.draft });

/**
 * The one way content is loaded, by the build, `npm run dev`, `npm start` and the tests:
 * lists the post files, reads everything with `readers`, checks what no single
 * file can (two posts with one slug), and selects the published posts. Every problem
 * of every file is reported in one ContentError (`file: field: problem`), so the owner
 * fixes them in one go.
 */
export async function loadContent(contentDir: string, opts: LoadContentOptions, readers: ContentReaders): Promise<LoadedContent> {
  const problems: ContentProblem[] = [];
  const settle = async <T,>(pending: Promise<T>): Promise<T | undefined> => {
    try {
      return await pending;
    } catch (err) {
      if (!isContentError(err)) throw err;
      problems.push(...err.problems);
      return undefined;
    }
  };
  const [files, site] = await Promise.all([opts.postFiles ?? listPostFiles(path.join(contentDir, "blog")), settle(readers.site(contentDir))]);
  // Posts need the site (author default, categories); without it their problems wait for the next run.
  const [parsed, pages] = await Promise.all([site ? readers.posts(contentDir, files, site) : undefined, settle(readers.pages(contentDir))]);
  const posts = parsed?.posts ?? [];
  problems.push(...(parsed?.problems ?? []), ...findDuplicateSlugs(posts));
  if (problems.length > 0 || !site || !pages) throw new ContentError(problems);
  const published = selectPublished(posts, { includeDrafts: opts.mode === "development", now: new Date(opts.builtAt) });
  const content: SiteContent = {
    site,
    ...pages,
    posts: published.map(sitePost),
    builtAt: opts.builtAt,
    mode: opts.mode,
  };
  return { content, posts };
}
