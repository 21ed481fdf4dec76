import type { AssetManifest } from "../src/app/document";
import type { ContentProblem } from "../src/content/content-error";
import type { Post } from "../src/content/posts";
import type { SiteContent } from "../src/content/site-content";
import type { PagePath } from "../src/entry-server";
import type { CachedPost } from "./build-cache";
import type { PreviousOutput } from "./file-reuse";

/**
 * Messages between build/run-build.ts and build/render-worker.ts. Everything
 * that needs the server bundle runs in the workers: the main thread (under tsx)
 * only coordinates and writes files. Structured clone keeps Dates.
 */
export type WorkerRequest =
  | { type: "parse"; contentDir: string; files: { abs: string; shown: string }[]; cached: Map<string, CachedPost> }
  | { type: "assemble"; contentDir: string; posts: Post[]; mode: SiteContent["mode"]; builtAt: string }
  | {
      type: "content";
      content: SiteContent;
      assets: AssetManifest;
      outDir: string;
      /** The previous build's files, when it rendered with the same render key. */
      previous?: PreviousOutput;
    }
  | { type: "render"; paths: PagePath[] };

export interface RenderedFile {
  path: string;
  /** The HTML file, relative to the output folder. */
  file: string;
  page: string;
  htmlBytes: number;
  /** Hash of the path and the page's data: equal hashes under the same render key give equal files. */
  sha: string;
  /** Linked from the previous build instead of rendered. */
  reused: boolean;
}

export type WorkerReply =
  | { type: "parsed"; posts: CachedPost[]; problems: ContentProblem[] }
  | { type: "assembled"; content: SiteContent; paths: PagePath[]; notFoundPath: string; rootData: unknown }
  | { type: "ready" }
  | { type: "rendered"; files: RenderedFile[] }
  | { type: "content-error"; problems: ContentProblem[] }
  | { type: "error"; message: string };
