import path from "node:path";
import { z } from "zod";
import type { Logger } from "../../logger";
import { MOST_DEVICES_PER_OWNER, type PushStore } from "../push-store";
import { pushDeviceSchema, type PushDevice } from "../records";
import { appendIn } from "./data-dir";
import { PUSH_DEVICES_FILE } from "./file-names";
import { createJsonlAppender } from "./jsonl-append";
import { readJsonl } from "./jsonl-read";

/**
 * The lines of push-devices.jsonl: a device kept (or kept again with new keys), or forgotten, `off`
 * when the owner turned it off (functions/store/push-store.ts). format-check.ts checks the first.
 */
export const pushDeviceLine = z.discriminatedUnion("event", [
  z.object({ event: z.literal("kept"), device: pushDeviceSchema }),
  z.object({ event: z.literal("removed"), id: pushDeviceSchema.shape.id, at: z.iso.datetime({ offset: true }), off: z.literal(true).optional() }),
]);
export type PushDeviceLine = z.infer<typeof pushDeviceLine>;

export interface PushDevicesState {
  /** In the order first kept (a device kept again keeps its place). */
  devices: Map<string, PushDevice>;
  /** Turned off by the owner, and not turned on since: id -> when. */
  off: Map<string, string>;
}

/** What the lines add up to. */
export function devicesOf(lines: readonly PushDeviceLine[]): PushDevicesState {
  const devices = new Map<string, PushDevice>();
  const off = new Map<string, string>();
  for (const line of lines) {
    if (line.event === "kept") {
      devices.set(line.device.id, line.device);
      off.delete(line.device.id);
    } else {
      devices.delete(line.id);
      if (line.off) off.set(line.id, line.at);
    }
  }
  return { devices, off };
}

const sameDevice = (a: PushDevice, b: PushDevice): boolean => a.by === b.by && a.keys.p256dh === b.keys.p256dh && a.keys.auth === b.keys.auth && a.endpoint === b.endpoint;

/**
 * The owner's devices as push-devices.jsonl in DATA_DIR: lines that add up (devicesOf). A few
 * devices: every read takes the file whole, so another process's view (npm run backup, data
 * export) is the same; the changes of this process take turns, so a check and its write are one.
 */
export function createPushFiles(options: { dataDir: string; clock: () => number; logger: Logger }): PushStore & { close(): Promise<void> } {
  const { dataDir, clock, logger } = options;
  const file = path.join(dataDir, PUSH_DEVICES_FILE);
  const log = createJsonlAppender(file, logger);
  let turn: Promise<unknown> = Promise.resolve();
  const now = () => new Date(clock()).toISOString();

  const read = async () => devicesOf(await readJsonl(file, (value) => pushDeviceLine.safeParse(value).data, logger));
  const write = (line: PushDeviceLine) => appendIn(dataDir, log, line);
  /** Runs `change` after the changes before it, with the devices as they are then. */
  function inTurn<T>(change: (state: PushDevicesState) => Promise<T>): Promise<T> {
    const result = turn.then(async () => change(await read()));
    turn = result.catch(() => undefined);
    return result;
  }

  return {
    add: (device, addOptions = {}) =>
      inTurn(async ({ devices, off }) => {
        if (addOptions.unlessTurnedOff && [device.id, ...addOptions.unlessTurnedOff].some((id) => off.has(id))) return { added: false, turnedOff: true };
        const known = devices.get(device.id);
        if (known && sameDevice(known, device)) return { added: false };
        // Through its schema: its fields in one order, as an export from PostgreSQL writes them.
        await write({ event: "kept", device: pushDeviceSchema.parse(device) });
        const others = [...devices.values()].filter((d) => d.by === device.by && d.id !== device.id);
        for (const old of others.slice(0, Math.max(0, others.length - (MOST_DEVICES_PER_OWNER - 1)))) await write({ event: "removed", id: old.id, at: now() });
        return { added: !known };
      }),
    list: async () => [...(await read()).devices.values()],
    get: async (id) => (await read()).devices.get(id),
    remove: (id, why) =>
      inTurn(async ({ devices }) => {
        if (!devices.has(id)) return false;
        await write({ event: "removed", id, at: now(), ...(why === "off" ? { off: true as const } : {}) });
        return true;
      }),
    removeAllOf: (by) =>
      inTurn(async ({ devices }) => {
        const gone = [...devices.values()].filter((d) => d.by === by);
        for (const device of gone) await write({ event: "removed", id: device.id, at: now() });
        return gone.length;
      }),
    async close() {
      await turn;
      await log.close();
    },
  };
}
