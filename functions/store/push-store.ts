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
   */
  add(device: PushDevice): Promise<{ added: boolean }>;
  /** Every device, oldest first. */
  list(): Promise<PushDevice[]>;
  get(id: string): Promise<PushDevice | undefined>;
  /** Forgets a device; false when it was not kept (removed already). */
  remove(id: string): Promise<boolean>;
  /** Forgets every device of an owner ("Sign every device out"): how many. */
  removeAllOf(by: string): Promise<number>;
}
