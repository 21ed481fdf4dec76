import express, { type Request, type RequestHandler, type Response } from "express";

// Request bodies on every server (the site, the forms, the visit beacon, the desk): nothing a
// stranger sends is inflated, and every limit is checked against the declared Content-Length
// before a byte of the body is read. A 3 KB gzip holds 3 MB of JSON: inflating and parsing it is
// a quarter of a second of the one event loop every visitor's page waits on (issue 36).

/**
 * A body refused unread up to this size is left to Node to discard, and the connection stays
 * open: a browser whose small post was refused (a desk form after its session ended) reads the
 * answer. A larger one, or one of unknown length, closes the connection after the answer, so the
 * rest is never read.
 */
const DISCARDED_BYTES = 16 * 1024;

/** Whether the request carries a body (as body-parser sees it): a length other than 0, or chunks. */
function hasBody(req: Request): boolean {
  const length = req.headers["content-length"];
  return req.headers["transfer-encoding"] !== undefined || (length !== undefined && length !== "0");
}

/** The body's declared length, or undefined when it has none (chunked). Node has refused a malformed one already. */
export function declaredLength(req: Request): number | undefined {
  const length = req.headers["content-length"];
  return req.headers["transfer-encoding"] === undefined && length !== undefined ? Number(length) : undefined;
}

/** Whether the body declares more than `limit` bytes (refuse it with 413 before reading it: `leaveBodyUnread`). */
export const declaredOver = (req: Request, limit: number): boolean => (declaredLength(req) ?? Number.POSITIVE_INFINITY) > limit;

/**
 * After answering a body refused part way or unread, its rest is read and thrown away for this long
 * before the connection is closed (nginx's lingering close): closing at once, with bytes unread,
 * makes the system send a reset, and a browser still sending, or nginx passing a body on, then
 * sees "connection reset" (nginx answers 502) instead of the answer.
 */
const LINGER_MS = 2_000;

/**
 * The connection closes after the answer (`Connection: close`, which Node carries out with the
 * socket's destroySoon once the answer is written): here that ends the sending side (the answer
 * whole, then FIN) and drops what still comes for LINGER_MS before closing. Nothing is parsed.
 */
export function closeAfterAnswer(req: Request, res: Response): void {
  res.set("Connection", "close");
  const socket = req.socket;
  socket.destroySoon = () => {
    req.resume();
    socket.end();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  };
}

/** Before answering a request whose body was not read: past a small size, the connection is closed after the answer. */
export function leaveBodyUnread(req: Request, res: Response): void {
  if ((declaredLength(req) ?? Number.POSITIVE_INFINITY) > DISCARDED_BYTES) closeAfterAnswer(req, res);
}

/**
 * First, on every server: a body sent compressed (any Content-Encoding but identity) is 415,
 * and one without a Content-Length (chunked) 411, both unread. Browsers send neither.
 */
export const refuseUnreadableBodies: RequestHandler = (req, res, next) => {
  if (!hasBody(req)) return next();
  const encoding = (req.get("content-encoding") ?? "identity").trim().toLowerCase();
  if (encoding !== "identity") return refuseUnread(req, res, 415, "Send the body as it is, not compressed (no Content-Encoding).");
  if (declaredLength(req) === undefined) return refuseUnread(req, res, 411, "Send the body with its Content-Length.");
  next();
};

function refuseUnread(req: Request, res: Response, status: number, message: string): void {
  leaveBodyUnread(req, res);
  res.status(status).set("Cache-Control", "no-store").json({ ok: false, message });
}

// express's parsers inflate gzip, deflate and br by default: every one of ours is made here, without.
export const jsonBody = (limit: number): RequestHandler => express.json({ limit, inflate: false });
/** Flat string fields only (node:querystring), at most `parameterLimit` of them. */
export const formBody = (limit: number, parameterLimit: number): RequestHandler => express.urlencoded({ extended: false, limit, parameterLimit, inflate: false });
export const textBody = (type: string[], limit: number): RequestHandler => express.text({ type, limit, inflate: false });
/** Any type, as bytes. */
export const rawBody = (limit: number): RequestHandler => express.raw({ type: () => true, limit, inflate: false });
