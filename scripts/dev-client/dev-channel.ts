import { build } from "esbuild";
import type { Request, RequestHandler, Response } from "express";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { ContentProblem } from "../../src/content/content-error";
import { liveReload } from "../../src/app/live-reload";
import { sseEvent, type DevProblems } from "./dev-events";

const overlayCssPath = "/__dev/overlay.css";

/**
 * What `npm run dev` tells open pages: reload after a good rebuild, or show
 * the problems of a failed one (scripts/dev-client/dev-client.ts draws them).
 * A page that connects while the content is broken is told at once.
 */
export class DevChannel {
  private readonly clients = new Set<Response>();
  private problems: ContentProblem[] | undefined;
  /** False until the first good build: until then there is no page to show the overlay on. */
  private built = false;

  /** A good rebuild: pages reload with it (which also clears any overlay). */
  rebuilt() {
    this.built = true;
    this.problems = undefined;
    this.send(sseEvent("reload"));
  }

  failed(problems: ContentProblem[]) {
    this.problems = problems;
    this.send(sseEvent("problems", { problems } satisfies DevProblems));
  }

  /** Serves the client script, its stylesheet, the event stream, and a holding page before the first good build. */
  async handler(): Promise<RequestHandler> {
    const [script, css] = await Promise.all([bundleClient(), readFile(join(import.meta.dirname, "overlay.css"), "utf8")]);
    return (req, res, next) => {
      if (req.path === liveReload.scriptPath) return void res.type("js").set("Cache-Control", "no-cache").send(script);
      if (req.path === overlayCssPath) return void res.type("css").set("Cache-Control", "no-cache").send(css);
      if (req.path === liveReload.eventsPath) return this.stream(req, res);
      if (!this.built && req.method === "GET" && req.accepts("html")) return void res.status(503).set("Cache-Control", "no-store").type("html").send(holdingPage);
      next();
    };
  }

  private stream(req: Request, res: Response) {
    res.set({ "Content-Type": "text/event-stream", "Cache-Control": "no-cache", Connection: "keep-alive" }).flushHeaders();
    this.clients.add(res);
    if (this.problems) res.write(sseEvent("problems", { problems: this.problems } satisfies DevProblems));
    req.on("close", () => this.clients.delete(res));
  }

  private send(text: string) {
    for (const res of this.clients) res.write(text);
  }
}

/** The client is TypeScript like the rest; bundled once per `npm run dev` (a few milliseconds). */
async function bundleClient(): Promise<string> {
  const out = await build({ entryPoints: [join(import.meta.dirname, "dev-client.ts")], bundle: true, write: false, format: "iife", target: "es2020", minify: false, logLevel: "silent" });
  return out.outputFiles[0]?.text ?? "";
}

// Shown while the content has never built: the overlay appears on it, and it reloads into the site once fixed.
const holdingPage =
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
  `<title>Preview not ready</title><link rel="stylesheet" href="${overlayCssPath}"></head>` +
  `<body><p>The preview is waiting for the content to build.</p><script src="${liveReload.scriptPath}"></script></body></html>`;
