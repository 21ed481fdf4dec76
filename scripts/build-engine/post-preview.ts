import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { AssetManifest } from "../../src/app/document";
import { type ContentProblem } from "../../src/content/content-error";
import { FILE_PARSE_LIMIT_MS, tookTooLong } from "../../src/content/content-limits";
import type { Photo } from "../../src/content/photo";
import type { SiteContent } from "../../src/content/site-content";
import type { EditedPage } from "../../src/content/page-preview";
import type { CheckedPost, PostRenderer } from "../../functions/desk/posts/post-renderer";
import { serverDirName, type BuildResult } from "./run-build";
import { serverScript } from "./server-scripts";
import { textSha } from "./text-sha";

export type PreviewRequest =
  | { type: "content"; entry: string; content: SiteContent; assets: AssetManifest }
  | { type: "check" | "preview"; file: string; text: string; photos: Record<string, Photo> }
  | { type: "page"; file: string; page: EditedPage };

export type PreviewReply =
  | { type: "ready" }
  | { type: "checked"; problems: ContentProblem[]; post?: CheckedPost; html?: string }
  | { type: "error"; message: string };

interface Pending {
  resolve: (reply: PreviewReply) => void;
  reject: (error: Error) => void;
}

/**
 * The desk's post checks and preview, and the preview of the site's own pages
 * (functions/desk/posts/post-renderer.ts), for a server that
 * builds the site (`npm start`): a post is parsed and its page rendered by the server bundle of
 * the site's last build, with that build's content (`update`, after every publish), in a worker
 * thread (scripts/build-engine/post-preview-worker.ts). So the preview is the page the build would
 * write, and a problem is said in the build's own words. A post the parser takes longer than
 * the build allows (FILE_PARSE_LIMIT_MS) ends the worker; the next request starts another.
 */
export class PostPreviewer implements PostRenderer {
  private worker: Worker | undefined;
  private ready: Promise<void> | undefined;
  private pending = new Map<number, Pending>();
  private nextId = 0;
  private rendered: BuildResult["rendered"] | undefined;

  /** `parseLimitMs`: the build's limit for one file, unless a test asks for less. */
  constructor(
    private readonly distDir: string,
    private readonly parseLimitMs = FILE_PARSE_LIMIT_MS,
  ) {}

  /** After a build was put in place: the content and bundle the next previews use. */
  update(rendered: BuildResult["rendered"]): void {
    this.rendered = rendered;
    this.ready = undefined;
  }

  check(file: string, text: string, photos: Record<string, Photo>) {
    return this.ask({ type: "check", file, text, photos });
  }

  preview(file: string, text: string, photos: Record<string, Photo>) {
    return this.ask({ type: "preview", file, text, photos });
  }

  /** A service, a town or the home page as the desk's form has it, rendered with the rest of the last build's content. */
  page(page: EditedPage) {
    return this.ask({ type: "page", file: page.file, page });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    this.ready = undefined;
    await worker?.terminate();
  }

  private async ask(request: Extract<PreviewRequest, { type: "check" | "preview" | "page" }>): Promise<{ problems: ContentProblem[]; post?: CheckedPost; html?: string }> {
    await (this.ready ??= this.load().catch((err: unknown) => {
      this.ready = undefined;
      throw err;
    }));
    const timer = setTimeout(() => void this.endWorker(new TookTooLong()), this.parseLimitMs);
    try {
      const reply = await this.send(request);
      if (reply.type !== "checked") throw new Error(`post preview: unexpected answer ${reply.type}`);
      return reply;
    } catch (err) {
      if (err instanceof TookTooLong) return { problems: [tookTooLong(request.file)] };
      throw err;
    } finally {
      clearTimeout(timer);
    }
  }

  /** Starts the worker if needed and gives it the last build's bundle and content. */
  private async load(): Promise<void> {
    const rendered = this.rendered;
    if (!rendered) throw new Error("post preview: the site has not been built yet");
    const entry = serverScript(join(this.distDir, serverDirName), "entry-server");
    // The bundle's hash in the URL: new code is loaded, the same code is not loaded again (scripts/contact-form-renderer.ts).
    const url = `${pathToFileURL(entry).href}?code=${textSha(await readFile(entry))}`;
    this.worker ??= this.startWorker();
    const reply = await this.send({ type: "content", entry: url, content: rendered.content, assets: rendered.assets });
    if (reply.type !== "ready") throw new Error("post preview: the worker did not take the content");
  }

  private startWorker(): Worker {
    const worker = new Worker(serverScript(join(this.distDir, serverDirName), "post-preview-worker"));
    worker.unref();
    worker.on("message", (reply: PreviewReply & { id: number }) => {
      const waiting = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if (reply.type === "error") waiting?.reject(new Error(reply.message));
      else waiting?.resolve(reply);
    });
    const fail = (error: Error) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      this.ready = undefined;
      for (const [id, waiting] of this.pending) {
        this.pending.delete(id);
        waiting.reject(error);
      }
    };
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`post preview: the worker stopped (${code})`)));
    return worker;
  }

  private send(request: PreviewRequest): Promise<PreviewReply> {
    const worker = this.worker;
    if (!worker) return Promise.reject(new Error("post preview: no worker"));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ ...request, id });
    });
  }

  /** Ends a worker stuck on a parse: what waits on it gets `error`; the next request starts a new one. */
  private async endWorker(error: Error): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    this.ready = undefined;
    for (const [id, waiting] of this.pending) {
      this.pending.delete(id);
      waiting.reject(error);
    }
    await worker?.terminate();
  }
}

class TookTooLong extends Error {}
