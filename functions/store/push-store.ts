import type { PushDevice } from "./records";

/** At most this many devices per owner: a phone that subscribes past it forgets that owner's oldest (a phone long replaced). */
export const MOST_DEVICES_PER_OWNER = 10;

/**
 * The phones and computers that get the owner's notifications (`store.push`): a browser's push
 * subscription each, kept until it is turned off in the desk's Account, its owner signs every
 * device out, or its push service says it is gone (404, 410). functions/push/ sends to them
 * through the outbox. Implementations: push-devices.jsonl in DATA_DIR
 * (functions/store/files/push-files.ts), the table of migrations/008-push.sql
 * (functions/store/postgres/push-tables.ts); the behaviour is in store-suite.ts.
 */
export interface PushStore {
  /**
   * Keeps a device. The same id again (the same endpoint: the browser subscribed again) is the same
   * device: kept as it was when its keys and owner are the same, else replaced. An owner keeps at most
   * MOST_DEVICES_PER_OWNER, the oldest forgotten. `added`: it was not kept before.
   * `unlessTurnedOff`: the desk subscribing again by itself, not the owner's tap: nothing is kept when
   * the owner turned off this device, or one of these ids (the one it replaces), and `turnedOff` says so.
   * Kept on the owner's tap, a device is no longer turned off.
   */
  add(device: PushDevice, options?: { unlessTurnedOff?: readonly string[] }): Promise<{ added: boolean; turnedOff?: true }>;
  /** Every device, oldest first. */
  list(): Promise<PushDevice[]>;
  get(id: string): Promise<PushDevice | undefined>;
  /**
   * Forgets a device; false when it was not kept (removed already). "off": the owner turned it off,
   * and the desk does not subscribe it again by itself; "gone": its push service said it is no more.
   */
  remove(id: string, why: "off" | "gone"): Promise<boolean>;
  /** Forgets every device of an owner ("Sign every device out"): how many. */
  removeAllOf(by: string): Promise<number>;
}
