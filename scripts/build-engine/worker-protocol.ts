import type { Photo } from "../../src/content/photo";
import type { AssetManifest } from "../../src/app/document";
import type { ContentProblem } from "../../src/content/content-error";
import type { Post } from "../../src/content/posts";
import type { Review } from "../../src/content/review";
import type { PageContent } from "../../src/content/content-pipeline";
import type { PostFile } from "../../src/content/post-list";
import type { Site } from "../../src/content/site";
import type { SiteContent, SitePost } from "../../src/content/site-content";
import type { PagePath } from "../../src/entry-server";
import type { PreviousOutput } from "./build-output";

/**
 * Messages between scripts/build-engine/run-build.ts and scripts/build-engine/render-worker.ts. Everything
 * that needs the server bundle runs in the workers; the main thread (under tsx)
 * coordinates, assembles the content once (src/content/content-pipeline.ts) and
 * writes the files beside the pages. Structured clone keeps Dates.
 *
 * A post's body crosses threads twice: parsed in a worker and sent to the main
 * thread (for the post cache), then to the one worker rendering its page, which
 * sends back the post's JSON for api/blog.json. Workers otherwise hold the posts
 * without their bodies.
 */
export type WorkerRequest =
  | { type: "site"; contentDir: string }
  | {
      type: "pages";
      contentDir: string;
      /** The content's processed photos by shown path (scripts/build-engine/photos.ts): hero photos. */
      photos: Readonly<Record<string, Photo>>;
      /** The servers' store's approved reviews, when it has held any (BuildOptions.approvedReviews). */
      reviews?: Review[];
    }
  | {
      type: "parse";
      contentDir: string;
      site: Site;
      /** As for "pages": posts' images and covers. */
      photos: Readonly<Record<string, Photo>>;
      /** `known`: the hash of the file's text the build already has a parsed post for (scripts/build-engine/build-cache.ts). */
      files: (PostFile & { known?: string })[];
    }
  | {
      type: "content";
      /** Posts without their bodies (`content` and `html` empty): each render batch brings those its pages show. */
      content: SiteContent;
      assets: AssetManifest;
      /** Where pages that changed are written (the build's staging folder). */
      outDir: string;
      /** Asked of one worker only: every path to render and the data all pages share. */
      listPaths: boolean;
    }
  /** The live output and its record, when this build updates it (scripts/build-engine/build-output.ts). */
  | { type: "previous"; previous: PreviousOutput }
  | {
      type: "render";
      paths: PagePath[];
      /** The whole posts whose pages are in `paths`: their pages show the body, and their API files are written beside. */
      posts: SitePost[];
    };

/** One output file a render wrote, or found unchanged in the live output. */
export interface PageFile {
  /** Relative to the output folder. */
  file: string;
  /** Hash of the path and the page's data: equal hashes under the same render key give equal files. */
  sha: string;
  bytes: number;
  /** Written into the staging folder (false: the live one already has it). */
  staged: boolean;
}

/** A post's API file (/api/blog/{slug}.json), with its bytes: api/blog.json is made of them (scripts/build-engine/blog-files.ts). */
export interface ApiFile extends PageFile {
  json: Uint8Array;
}

export interface RenderedFile extends PageFile {
  path: string;
  page: string;
  /** The islands the page holds (scripts/build-engine/budgets.ts checks what they load). */
  islands?: string[];
  /** What the page's head says for the sitemap: listed unless noindex, with its lastModified. */
  indexable: boolean;
  lastmod?: string;
}

export type WorkerReply =
  /** In file order, by shown path; `post` is left out when the text's hash is the known one (the build reuses its copy). */
  | { type: "site"; site: Site }
  | { type: "pages"; pages: PageContent }
  | { type: "parsed"; posts: { file: string; sha: string; post?: Post }[]; problems: ContentProblem[] }
  | { type: "ready"; listing?: { paths: PagePath[]; rootData: unknown } }
  /** `files`: the pages; `beside`: the API file of each post in the batch. */
  | { type: "rendered"; files: RenderedFile[]; beside: ApiFile[] }
  | { type: "content-error"; problems: ContentProblem[] }
  | { type: "error"; message: string };
