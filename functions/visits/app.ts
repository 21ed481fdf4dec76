// POST /api/event (shared/CONTRACT.md): the site script's beacon. Answers 204 with no body
// and never a cookie, whether the beacon was counted or not, so a sender learns nothing
// from the answer; only a beacon that is not one gets a 4xx. Not counted: a browser that
// asks not to be (Global Privacy Control, Do Not Track), crawlers, prefetches, beacons
// sent from another site, and a client past its rate.
import express, { type Request } from "express";
import * as z from "zod/mini";
import { visitLimits } from "../../src/content/visit-event";
import { visitEventSchema } from "../../src/content/visit-event-schema";
import { apiPath } from "../../src/routes";
import { consoleLogger, type Logger } from "../logger";
// In this process's memory whatever the store: a beacon costs no round trip to it (visit-counter.ts batches).
import { createRateLimiter } from "../store/files/memory-limits";
import { StoreUnavailableError } from "../store/store-errors";
import { clientKey } from "../http/client-key";
import { finalErrorHandler, rejectMalformedUrl } from "../http/final-error-handler";
import { declaredOver, leaveBodyUnread, refuseUnreadableBodies, textBody } from "../http/request-body";
import { sendSecurityHeaders } from "../http/security-headers";
import type { TrustProxy } from "../http/trust-proxy";
import { isCrawler, isPrefetch, refusesCounting } from "./classify";
import type { VisitCounter } from "./visit-counter";

/** Beacons per client address per minute: a person reading and tapping sends a few. */
export const EVENT_RATE_LIMIT = 60;

export interface EventAppOptions {
  counter: Pick<VisitCounter, "record">;
  /** The site's own origin (content/site.json url): beacons from it, or from the host they were sent to, count. */
  siteUrl: string;
  trustProxy?: TrustProxy;
  /** Beacons per client per minute; 0 turns the limit off. */
  rateLimit?: number;
  clock?: () => number;
  logger?: Logger;
}

// sendBeacon with a string sends text/plain (a type that needs no CORS preflight); fetch may send JSON.
const readText = textBody(["text/plain", "application/json"], visitLimits.bodyBytes);

export function createEventApp(options: EventAppOptions): express.Express {
  const { counter, clock = Date.now, logger = consoleLogger } = options;
  const site = new URL(options.siteUrl);
  const limiter = createRateLimiter({ limit: options.rateLimit ?? EVENT_RATE_LIMIT, windowMs: 60_000, clock });
  let unavailableSaid = false;

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", options.trustProxy ?? false);
  app.use(sendSecurityHeaders());
  app.use(rejectMalformedUrl);
  // Before any body is read: none is inflated, each has a declared length (functions/http/request-body.ts).
  app.use(refuseUnreadableBodies);

  app.post(apiPath.event, (req, res, next) => {
    res.set("Cache-Control", "no-store");
    if (!req.is(["text/plain", "application/json"])) {
      leaveBodyUnread(req, res);
      res.status(415).json({ ok: false, message: "Send the event as text/plain or application/json" });
      return;
    }
    if (declaredOver(req, visitLimits.bodyBytes)) {
      leaveBodyUnread(req, res);
      res.status(413).json({ ok: false, message: `The event is too large (limit ${visitLimits.bodyBytes} bytes)` });
      return;
    }
    readText(req, res, (error?: unknown) => {
      if (error) {
        next(error);
        return;
      }
      const event = z.safeParse(visitEventSchema, parseJson(req.body));
      if (!event.success) {
        res.status(400).json({ ok: false, message: "Not an event this site sends" });
        return;
      }
      const host = requestHost(req);
      if (countable(req, site, host) && limiter.take(clientKey(req.ip ?? req.socket.remoteAddress)).ok) {
        const sender = { address: req.ip ?? req.socket.remoteAddress, userAgent: req.get("user-agent") ?? "", ownHosts: new Set([site.hostname, host]) };
        void counter.record(event.data, sender).then(
          () => void (unavailableSaid = false),
          (problem: unknown) => {
            // The database not reachable yet (or gone): said once, in one line, not at every page view until it is back.
            if (!(problem instanceof StoreUnavailableError)) return logger.error("visits: could not count an event", problem);
            if (!unavailableSaid) logger.error(`visits: page views are not counted while the store cannot be used (${problem.message})`);
            unavailableSaid = true;
          },
        );
      }
      res.status(204).end();
    });
  });
  app.all(apiPath.event, (_req, res) => {
    res.set("Allow", "POST").status(405).json({ ok: false, message: "Use POST" });
  });
  app.use(finalErrorHandler({ logger }));
  return app;
}

function parseJson(text: unknown): unknown {
  if (typeof text !== "string") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The host name the request was sent to, without its port. */
function requestHost(req: Request): string {
  return (req.hostname || "").toLowerCase();
}

/** Whether a checked beacon is one to count: see the top of this file. */
function countable(req: Request, site: URL, host: string): boolean {
  if (refusesCounting(req.headers) || isPrefetch(req.headers) || isCrawler(req.get("user-agent"))) return false;
  // Browsers send Origin with every POST: a beacon from another site's page is not a visit here.
  const origin = req.get("origin");
  if (origin === undefined) return true;
  try {
    const from = new URL(origin).hostname.toLowerCase();
    return from === site.hostname || from === host;
  } catch {
    return false;
  }
}
