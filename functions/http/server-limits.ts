import http from "node:http";
import type { RequestListener } from "node:http";
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
  /** The whole request, body included. */
  requestTimeoutMs: 20_000,
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

/** An http.Server for `app` with the limits above; call `.listen()` on it. */
export function createLimitedServer(app: RequestListener, options: LimitedServerOptions = {}): http.Server {
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
