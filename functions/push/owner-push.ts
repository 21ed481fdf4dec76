import { createHash } from "node:crypto";
import { consoleLogger, describeError, type Logger } from "../logger";
import type { Store } from "../store/store";
import { pushNoticeSchema, type PushJob, type PushNotice } from "../store/records";

/**
 * Notifications to the owner's phones (shared/CONTRACT.md: "Turn on notifications"): what any part
 * calls to tell the owner something at once. `notify(about, notice)` queues one `push` job per device
 * of a current owner in the store's outbox, which sends it like mail (functions/push/push-sender.ts:
 * retried, dropped for good when the device is gone). `about` names what it is about (a message's id,
 * a booking's): the same `about` to the same device is queued once, however often it is called.
 */
export interface OwnerPush {
  /** Resolves once every device's job is queued (durable); how many devices. Never throws: a failure is logged, email stays the guaranteed path. */
  notify(about: string, notice: PushNotice): Promise<number>;
}

export interface OwnerPushOptions {
  store: Pick<Store, "push" | "outbox">;
  /** Who may sign in now: a device of someone no longer an owner gets nothing (functions/desk/owners.ts). */
  owners: () => Promise<readonly string[]>;
  clock?: () => number;
  logger?: Logger;
}

/** A job's id: one per thing and device, letters and digits as the outbox takes them. */
const jobId = (about: string, device: string): string => `push-${createHash("sha256").update(`${about}\n${device}`).digest("hex").slice(0, 40)}`;

export function createOwnerPush(options: OwnerPushOptions): OwnerPush {
  const { store, owners, clock = Date.now, logger = consoleLogger } = options;
  return {
    async notify(about, notice) {
      try {
        const checked = pushNoticeSchema.parse(notice);
        const allowed = new Set(await owners());
        const devices = (await store.push.list()).filter((device) => allowed.has(device.by));
        const createdAt = new Date(clock()).toISOString();
        await Promise.all(
          devices.map((device) => store.outbox.add({ kind: "push", id: jobId(about, device.id), createdAt, device: device.id, notice: checked } satisfies PushJob)),
        );
        return devices.length;
      } catch (error) {
        logger.error(`push: could not queue the notification about ${about} (${describeError(error)}); its email goes as always`);
        return 0;
      }
    },
  };
}
