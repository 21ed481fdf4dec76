import http from "node:http";
import type { RequestListener } from "node:http";

/**
 * Time and size limits for every server we run (npm start, npm run dev, the
 * contact function alone). Node's defaults hold a stalled client for 60 s
 * (headers) to 300 s (body), checked only every 30 s; a form post of 16 KiB
 * needs neither.
 */
export const serverLimits = {
  /** All request headers must arrive within this. */
  headersTimeoutMs: 10_000,
  /** The whole request, body included. */
  requestTimeoutMs: 20_000,
  /** An idle keep-alive connection is closed after this. */
  keepAliveTimeoutMs: 5_000,
  /** How often Node checks the two timeouts above (its default is 30 s). */
  checkIntervalMs: 1_000,
  /** Requests served on one connection before it is closed. */
  maxRequestsPerSocket: 1_000,
  maxHeaderBytes: 16 * 1024,
  /** Open connections at once; past this new ones are refused until some close. */
  maxConnections: 2_000,
} as const;

/** An http.Server for `app` with the limits above; call `.listen()` on it. */
export function createLimitedServer(app: RequestListener): http.Server {
  const server = http.createServer(
    {
      headersTimeout: serverLimits.headersTimeoutMs,
      requestTimeout: serverLimits.requestTimeoutMs,
      keepAliveTimeout: serverLimits.keepAliveTimeoutMs,
      connectionsCheckingInterval: serverLimits.checkIntervalMs,
      maxHeaderSize: serverLimits.maxHeaderBytes,
    },
    app,
  );
  server.maxRequestsPerSocket = serverLimits.maxRequestsPerSocket;
  server.maxConnections = serverLimits.maxConnections;
  return server;
}
