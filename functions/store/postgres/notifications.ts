// LISTEN/NOTIFY: how one instance hears what another did (a mail job queued by `outbox.add`,
// the approved reviews changed). The writers call pg_notify in the transaction that made the
// change, so the signal goes out on commit. Posts do not notify (post-batches.ts insertPosts says why). One connection per store listens; when it is lost it is made again,
// and every listener is called once then, since a signal may have gone out meanwhile.
import pg from "pg";
import { describeError, type Logger } from "../../logger";

export type Channel = "mail_jobs" | "approved_reviews";
const CHANNELS: readonly Channel[] = ["mail_jobs", "approved_reviews"];

export interface Notifications {
  on(channel: Channel, listener: () => void): () => void;
  close(): Promise<void>;
}

const RETRY_MS = [250, 1_000, 5_000];

/** Resolves once it listens on every channel, so a change made after that is heard. */
export async function listenForNotifications(config: pg.ClientConfig, logger: Logger): Promise<Notifications> {
  const listeners = new Map<Channel, Set<() => void>>(CHANNELS.map((c) => [c, new Set()]));
  let client: pg.Client | undefined;
  let closed = false;
  let failures = 0;
  let timer: NodeJS.Timeout | undefined;

  const call = (channel: Channel) => {
    for (const listener of listeners.get(channel) ?? []) listener();
  };

  async function connect(): Promise<void> {
    const next = new pg.Client(config);
    next.on("notification", (message) => {
      const channel = CHANNELS.find((c) => c === message.channel);
      if (channel) call(channel);
    });
    next.on("error", () => lost(next));
    next.on("end", () => lost(next));
    await next.connect();
    for (const channel of CHANNELS) await next.query(`LISTEN ${channel}`);
    client = next;
  }

  function lost(which: pg.Client): void {
    if (closed || client !== which) return;
    client = undefined;
    which.end().catch(() => undefined);
    logger.warn("store: lost the connection that hears other instances' changes; making it again");
    retry();
  }

  function retry(): void {
    const delay = RETRY_MS[Math.min(failures, RETRY_MS.length - 1)] ?? 5_000;
    timer = setTimeout(() => {
      connect().then(
        () => {
          failures = 0;
          for (const channel of CHANNELS) call(channel);
        },
        (error: unknown) => {
          failures += 1;
          if (failures === 1) logger.warn(`store: cannot listen for other instances' changes yet (${describeError(error)}); trying again`);
          retry();
        },
      );
    }, delay);
    timer.unref();
  }

  await connect();

  return {
    on(channel, listener) {
      const set = listeners.get(channel);
      const own = () => listener();
      set?.add(own);
      return () => void set?.delete(own);
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      await client?.end().catch(() => undefined);
      client = undefined;
    },
  };
}
