import type { ErrorRequestHandler, RequestHandler } from "express";
import { escapeHtml } from "../../src/format/escape-html";

export interface ErrorLogger {
  error(message: string, error?: unknown): void;
}

export interface FinalErrorHandlerOptions {
  logger?: ErrorLogger;
  /** The site's own page for a status (the 404 page for 4xx); undefined: a plain one. */
  htmlPage?: (status: number) => string | undefined;
}

const messages: Record<number, string> = {
  400: "This address or request could not be read.",
  404: "This page could not be found.",
  413: "The request is too large.",
  500: "Something went wrong on our side. Please try again in a moment.",
};

/** The status an error asks for when it is the client's fault (body-parser, router, send use `status`), else 500. */
export function clientErrorStatus(error: unknown): number | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const status = "status" in error ? error.status : "statusCode" in error ? error.statusCode : undefined;
  return typeof status === "number" && status >= 400 && status < 500 ? status : undefined;
}

function plainPage(status: number): string {
  const text = messages[status] ?? messages[status < 500 ? 400 : 500];
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Error ${status}</title></head><body><main><h1>Error ${status}</h1><p>${escapeHtml(text ?? "")}</p><p><a href="/">Go to the home page</a></p></main></body></html>`;
}

/**
 * The last handler of every app (site, contact, blog API): logs what went wrong and
 * answers a short page or JSON. No stack trace, path or message of ours ever
 * reaches a visitor; 4xx errors from parsers keep their status.
 */
export function finalErrorHandler(options: FinalErrorHandlerOptions = {}): ErrorRequestHandler {
  const { logger = console, htmlPage } = options;
  return (error: unknown, req, res, _next) => {
    const status = clientErrorStatus(error) ?? 500;
    // The URL goes through JSON.stringify so a visitor's escape bytes cannot reach the terminal raw.
    const where = `${req.method} ${JSON.stringify(req.originalUrl.slice(0, 200))}`;
    if (status >= 500) logger.error(`${where}: answered 500 after an unexpected error`, error);
    if (res.headersSent) {
      res.destroy();
      return;
    }
    res.status(status).set("Cache-Control", "no-store");
    // A client that broke its own request (bad escape, bad length) gets no second chance on this connection.
    if (status === 400 || status === 413) res.set("Connection", "close");
    const wantsJson = req.path.startsWith("/api/") || req.accepts(["html", "json"]) === "json";
    if (wantsJson) res.json({ ok: false, message: messages[status] ?? messages[status < 500 ? 400 : 500] });
    else res.type("html").send(htmlPage?.(status) ?? plainPage(status));
  };
}

/**
 * A URL whose %-escapes do not decode (`/%`, `/%E0%A4%A`) is a 400 before any
 * route sees it, so no handler can trip over it later.
 */
export const rejectMalformedUrl: RequestHandler = (req, _res, next) => {
  try {
    decodeURIComponent(req.path);
  } catch {
    next(Object.assign(new Error(`malformed escape in the URL`), { status: 400 }));
    return;
  }
  next();
};
