import type { Photo } from "../src/content/photo";
import type { AssetManifest } from "../src/app/document";
import type { ContentProblem } from "../src/content/content-error";
import type { Post } from "../src/content/posts";
import type { SiteContent } from "../src/content/site-content";
import type { PagePath } from "../src/entry-server";
import type { PreviousOutput } from "./build-output";

/**
 * Messages between build/run-build.ts and build/render-worker.ts. Everything
 * that needs the server bundle runs in the workers: the main thread (under tsx)
 * only coordinates and writes files. Structured clone keeps Dates.
 */
export type WorkerRequest =
  | {
      type: "parse";
      contentDir: string;
      /** The content's processed photos by shown path (build/photos.ts), for posts' images and covers. */
      photos: Readonly<Record<string, Photo>>;
      /** `known`: the hash of the file's text the build already has a parsed post for (build/build-cache.ts). */
      files: { abs: string; shown: string; known?: string }[];
    }
  | { type: "assemble"; contentDir: string; posts: Post[]; mode: SiteContent["mode"]; builtAt: string; photos: Readonly<Record<string, Photo>> }
  | {
      type: "content";
      content: SiteContent;
      assets: AssetManifest;
      /** Where pages that changed are written (the build's staging folder). */
      outDir: string;
      /** The live output and its record, when this build updates it (build/build-output.ts). */
      previous?: PreviousOutput;
    }
  | { type: "render"; paths: PagePath[] };

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

export interface RenderedFile extends PageFile {
  path: string;
  page: string;
  /** The islands the page holds (build/budgets.ts checks what they load). */
  islands?: string[];
}

export type WorkerReply =
  /** In file order; `post` is left out when the text's hash is the known one (the build reuses its copy). */
  | { type: "parsed"; posts: { sha: string; post?: Post }[]; problems: ContentProblem[] }
  | { type: "assembled"; content: SiteContent; paths: PagePath[]; notFoundPath: string; rootData: unknown }
  | { type: "ready" }
  | { type: "rendered"; files: RenderedFile[] }
  | { type: "content-error"; problems: ContentProblem[] }
  | { type: "error"; message: string }
  /**
   * Sent while answering a request: the worker starts parsing `file` (or, null, is done
   * with it). build/worker-pool.ts ends a worker that stays on one file past FILE_PARSE_LIMIT_MS.
   */
  | { type: "parsing"; file: string | null };
