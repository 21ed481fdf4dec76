import webpush from "web-push";
import { consoleLogger, type Logger } from "../logger";
import type { Store } from "../store/store";
import type { PushJob } from "../store/records";
import { endpointProblem } from "./push-devices";
import { vapidKeys, type VapidKeys } from "./vapid";

/** How long a push service may keep a notification for a phone that is off: a lead is still worth a call the next day. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
/** A push service answers in well under a second; one that does not is tried again later (the outbox's retry). */
export const PUSH_TIMEOUT_MS = 10_000;
/** Retries of a notification: soon, then less often; after the last it is dropped (it is of no use hours later; the email went). */
export const PUSH_RETRY_DELAYS: readonly number[] = [10_000, 60_000, 5 * 60_000, 30 * 60_000];

/** A send that must not be tried again: the outbox settles it as failed (functions/contact/mailer.ts isPermanentMailError reads `permanent`). */
class PushRefused extends Error {
  readonly permanent = true;
}

export interface PushSender {
  send(job: PushJob): Promise<void>;
}

export interface PushSenderOptions {
  store: Pick<Store, "push" | "keys">;
  /** VAPID's `sub` (RFC 8292): how a push service reaches whoever sends, `mailto:` the business's email as it is now. */
  subject: () => Promise<string>;
  timeoutMs?: number;
  logger?: Logger;
}

/**
 * Sends one notification to one device (the outbox calls it for a `push` job): web-push encrypts the
 * notice for the device (aes128gcm, RFC 8291) and signs a VAPID JWT for its push service (RFC 8292);
 * the request goes out with fetch, redirects not followed. The push service's answer decides:
 *  - 2xx: delivered to the push service (it holds it until the phone is on, up to PUSH_TTL_SECONDS);
 *  - 404, 410: the subscription is gone for good (unsubscribed, expired): the device is forgotten;
 *  - 429, 5xx, no answer in time: tried again later (PUSH_RETRY_DELAYS);
 *  - any other 4xx: the request is refused as it is, and would be again: not retried, the device kept.
 * A device turned off since the job was queued gets nothing.
 */
export function createPushSender(options: PushSenderOptions): PushSender {
  const { store, subject, timeoutMs = PUSH_TIMEOUT_MS, logger = consoleLogger } = options;
  let keys: Promise<VapidKeys> | undefined;
  const vapid = () => {
    keys ??= vapidKeys(store.keys).catch((error: unknown) => {
      keys = undefined;
      throw error;
    });
    return keys;
  };

  return {
    async send(job) {
      const device = await store.push.get(job.device);
      if (!device) return;
      const problem = endpointProblem(device.endpoint);
      if (problem) throw new PushRefused(`not sent: ${problem}`);
      const { publicKey, privateKey } = await vapid();
      const request = webpush.generateRequestDetails({ endpoint: device.endpoint, keys: device.keys }, JSON.stringify(job.notice), {
        vapidDetails: { subject: await subject(), publicKey, privateKey },
        TTL: PUSH_TTL_SECONDS,
        urgency: job.notice.urgency,
        contentEncoding: "aes128gcm",
      });
      // fetch sets the length itself; every other header is web-push's: Authorization (vapid t=..., k=...), TTL, Urgency, Content-Encoding.
      const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => name.toLowerCase() !== "content-length").map(([name, value]) => [name, String(value)]));
      let response: Response;
      try {
        response = await fetch(device.endpoint, { method: "POST", headers, body: new Uint8Array(request.body), redirect: "manual", signal: AbortSignal.timeout(timeoutMs) });
      } catch (error) {
        throw new Error(`the push service of ${new URL(device.endpoint).host} did not answer (${error instanceof Error ? error.message : String(error)})`);
      }
      await response.body?.cancel().catch(() => undefined);
      if (response.status >= 200 && response.status < 300) return;
      const host = new URL(device.endpoint).host;
      if (response.status === 404 || response.status === 410) {
        await store.push.remove(device.id, "gone");
        logger.warn(`push: ${host} says the ${device.device} of ${device.by} is no longer subscribed (${response.status}): it is forgotten`);
        throw new PushRefused(`${response.status}: the device is no longer subscribed, and was forgotten`);
      }
      if (response.status === 429 || response.status >= 500) throw new Error(`${host} answered ${response.status}`);
      throw new PushRefused(`${host} refused the notification (${response.status})`);
    },
  };
}
