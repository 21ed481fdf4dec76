import http from "node:http";
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { clientKey } from "./client-key";

/**
 * Time and size limits for every server we run (npm start, npm run dev, the
 * contact function alone). Node's defaults hold a stalled client for 60 s
 * (headers) to 300 s (body), checked only every 30 s; a form post of 16 KiB
 * needs neither.
 */
export const serverLimits = {
  /** All request headers must arrive within this. */
  headersTimeoutMs: 10_000,
  /** The whole request, body included (a body allowed longer: `allowLongBody`). */
  requestTimeoutMs: 20_000,
  /**
   * The longest any body may take, when a handler allows it (`allowLongBody`): the contact form's
   * photos from a phone, 25 MB at 1.6 Mbit/s in about two minutes. Node's own request timeout is
   * this; the 20 s above is this module's, per request, so one route can be given longer.
   */
  longestBodyMs: 180_000,
  /** An idle keep-alive connection is closed after this. */
  keepAliveTimeoutMs: 5_000,
  /** How often Node checks the two timeouts above (its default is 30 s). */
  checkIntervalMs: 1_000,
  /** Requests served on one connection before it is closed. */
  maxRequestsPerSocket: 1_000,
  maxHeaderBytes: 16 * 1024,
  /** Open connections at once, a guard for file descriptors; past this new ones are refused. */
  maxConnections: 4_000,
  /**
   * Open connections from one address (IPv6: one /64). A browser opens about six;
   * one client stalling hundreds cannot crowd out everyone else. Off behind a
   * trusted proxy, where every connection comes from the proxy.
   */
  maxConnectionsPerClient: 64,
} as const;

export interface LimitedServerOptions {
  /** TRUST_PROXY is set: connections come from the proxy, so no per-address cap. */
  behindProxy?: boolean;
}

/** Each request's body deadline, while its body comes in: cleared at its end, replaced by `allowLongBody`. */
const bodyDeadlines = new WeakMap<IncomingMessage, { timer: NodeJS.Timeout; res: ServerResponse; started: number }>();

/** Whether a request carries a body (a length other than 0, or chunks). */
const hasBody = (req: IncomingMessage): boolean =>
  req.headers["transfer-encoding"] !== undefined || (req.headers["content-length"] !== undefined && req.headers["content-length"] !== "0");

/** Cuts a request whose body has not all come by `ms` from now: 408 when nothing was answered yet, then the connection is closed. */
function bodyDeadline(req: IncomingMessage, res: ServerResponse, ms: number, started = Date.now()): void {
  const timer = setTimeout(() => {
    bodyDeadlines.delete(req);
    if (req.complete) return;
    if (!res.headersSent) res.writeHead(408, { Connection: "close", "Content-Type": "text/plain" }).end();
    // A body still coming is not read on: the connection goes, whatever was answered.
    req.socket.destroySoon();
    setTimeout(() => req.socket.destroy(), 1_000).unref();
  }, ms);
  timer.unref();
  bodyDeadlines.set(req, { timer, res, started });
  const clear = () => {
    clearTimeout(timer);
    bodyDeadlines.delete(req);
  };
  req.once("end", clear);
  req.once("close", clear);
}

/**
 * Gives this request's body until `ms` after the request began, at most `serverLimits.longestBodyMs`,
 * instead of `requestTimeoutMs`: for a route that takes big bodies (the contact form's photos).
 * Call it before reading the body.
 */
export function allowLongBody(req: IncomingMessage, ms: number): void {
  const deadline = bodyDeadlines.get(req);
  if (!deadline) return;
  clearTimeout(deadline.timer);
  bodyDeadline(req, deadline.res, Math.max(0, Math.min(ms, serverLimits.longestBodyMs) - (Date.now() - deadline.started)), deadline.started);
}

/** An http.Server for `app` with the limits above; call `.listen()` on it. */
export function createLimitedServer(app: RequestListener, options: LimitedServerOptions = {}): http.Server {
  const server = http.createServer(
    {
      headersTimeout: serverLimits.headersTimeoutMs,
      requestTimeout: serverLimits.longestBodyMs,
      keepAliveTimeout: serverLimits.keepAliveTimeoutMs,
      connectionsCheckingInterval: serverLimits.checkIntervalMs,
      maxHeaderSize: serverLimits.maxHeaderBytes,
    },
    (req, res) => {
      if (hasBody(req)) bodyDeadline(req, res, serverLimits.requestTimeoutMs);
      app(req, res);
    },
  );
  server.maxRequestsPerSocket = serverLimits.maxRequestsPerSocket;
  server.maxConnections = serverLimits.maxConnections;
  if (!options.behindProxy) capConnectionsPerClient(server, serverLimits.maxConnectionsPerClient);
  return server;
}

function capConnectionsPerClient(server: http.Server, cap: number): void {
  const open = new Map<string, number>();
  server.on("connection", (socket: Socket) => {
    const key = clientKey(socket.remoteAddress);
    const count = (open.get(key) ?? 0) + 1;
    if (count > cap) {
      socket.destroy();
      return;
    }
    open.set(key, count);
    socket.once("close", () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left > 0) open.set(key, left);
      else open.delete(key);
    });
  });
}
