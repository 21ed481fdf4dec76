import path from "node:path";
import * as z from "zod";
import { classifyDataDirError } from "./data-dir";
import { consoleLogger, type Logger } from "../../logger";
import { createJsonlAppender } from "./jsonl-append";
import { readJsonl, readJsonlFrom } from "./jsonl-read";
import type { AuditEntry, Challenge, DeskSession, DeskStore, Passkey, SignIn } from "../desk-store";

/** Sign-ins, sessions and passkeys, as events (DATA_DIR/desk.jsonl). */
export const DESK_FILE = "desk.jsonl";
/** Every desk action, one line each (DATA_DIR/desk-audit.jsonl). */
export const DESK_AUDIT_FILE = "desk-audit.jsonl";
/** Passkey challenges waiting at once, at most: past it the oldest goes (a flood of ceremonies cannot grow the memory). */
export const MAX_CHALLENGES = 1000;
/** Keys with code tries held in memory past which those with no try since the window are swept. */
const SWEEP_CODE_TRIES_PAST = 10_000;

const instant = z.string();
const signInRecord = z.object({
  id: z.string(),
  email: z.string(),
  codeHash: z.string().optional(),
  linkHash: z.string(),
  createdAt: instant,
  expiresAt: instant,
});
const sessionRecord = z.object({ idHash: z.string(), email: z.string(), via: z.string(), createdAt: instant, expiresAt: instant });
const passkeyRecord = z.object({
  id: z.string(),
  email: z.string(),
  publicKey: z.string(),
  counter: z.number().int().nonnegative(),
  transports: z.array(z.string()).optional(),
  name: z.string(),
  createdAt: instant,
});

/** What desk.jsonl holds: each change is a line; a revocation is an event, never an edit. */
export const deskEvent = z.discriminatedUnion("event", [
  signInRecord.extend({ event: z.literal("sign-in") }),
  z.object({ event: z.literal("sign-in-used"), id: z.string(), at: instant }),
  z.object({ event: z.literal("code-tried"), key: z.string(), at: instant }),
  z.object({ event: z.literal("code-tries-cleared"), key: z.string(), at: instant }),
  sessionRecord.extend({ event: z.literal("session") }),
  z.object({ event: z.literal("session-extended"), idHash: z.string(), expiresAt: instant }),
  z.object({ event: z.literal("session-ended"), idHash: z.string(), at: instant }),
  z.object({ event: z.literal("sessions-ended"), email: z.string(), at: instant }),
  passkeyRecord.extend({ event: z.literal("passkey") }),
  z.object({ event: z.literal("passkey-used"), id: z.string(), counter: z.number().int().nonnegative(), at: instant }),
  z.object({ event: z.literal("passkey-removed"), id: z.string(), at: instant }),
]);
export type DeskEvent = z.infer<typeof deskEvent>;

export const auditRecord = z.object({ at: instant, who: z.string(), action: z.string(), from: z.string(), detail: z.string().optional() });

/** What the lines of desk.jsonl add up to. */
export interface DeskState {
  signIns: Map<string, SignIn>;
  /** A link's hash to its sign-in's id. */
  signInByLink: Map<string, string>;
  /** The codes typed for each key (the hash of an address), when: those that did not sign in. */
  codeTries: Map<string, string[]>;
  sessions: Map<string, DeskSession>;
  passkeys: Map<string, Passkey>;
}

export function emptyDeskState(): DeskState {
  return { signIns: new Map(), signInByLink: new Map(), codeTries: new Map(), sessions: new Map(), passkeys: new Map() };
}

export function applyDeskEvent(state: DeskState, event: DeskEvent): void {
  const { signIns, signInByLink, codeTries, sessions, passkeys } = state;
  switch (event.event) {
    case "sign-in": {
      const { event: _, ...signIn } = event;
      signIns.set(signIn.id, signIn);
      signInByLink.set(signIn.linkHash, signIn.id);
      return;
    }
    case "sign-in-used": {
      const signIn = signIns.get(event.id);
      if (signIn && !signIn.usedAt) signIn.usedAt = event.at;
      return;
    }
    case "code-tried":
      codeTries.set(event.key, [...(codeTries.get(event.key) ?? []), event.at]);
      return;
    case "code-tries-cleared":
      codeTries.delete(event.key);
      return;
    case "session": {
      const { event: _, ...session } = event;
      sessions.set(session.idHash, session);
      return;
    }
    case "session-extended": {
      const session = sessions.get(event.idHash);
      if (session) session.expiresAt = event.expiresAt;
      return;
    }
    case "session-ended": {
      const session = sessions.get(event.idHash);
      if (session && !session.endedAt) session.endedAt = event.at;
      return;
    }
    case "sessions-ended":
      for (const session of sessions.values()) {
        if (session.email === event.email && !session.endedAt && session.createdAt <= event.at) session.endedAt = event.at;
      }
      return;
    case "passkey": {
      const { event: _, ...passkey } = event;
      passkeys.set(passkey.id, passkey);
      return;
    }
    case "passkey-used": {
      const passkey = passkeys.get(event.id);
      if (passkey) Object.assign(passkey, { counter: event.counter, lastUsedAt: event.at });
      return;
    }
    case "passkey-removed":
      passkeys.delete(event.id);
      return;
  }
}

/** Lines that add up to these records (a PostgreSQL store's export): each record, then what happened to it since. */
export function deskEventsOf(records: { signIns: SignIn[]; codeTries: { key: string; at: string }[]; sessions: DeskSession[]; passkeys: Passkey[] }): DeskEvent[] {
  const events: DeskEvent[] = [];
  for (const { usedAt, ...signIn } of records.signIns) {
    events.push({ event: "sign-in", ...signIn });
    if (usedAt) events.push({ event: "sign-in-used", id: signIn.id, at: usedAt });
  }
  for (const codeTry of records.codeTries) events.push({ event: "code-tried", ...codeTry });
  for (const { endedAt, ...session } of records.sessions) {
    events.push({ event: "session", ...session });
    if (endedAt) events.push({ event: "session-ended", idHash: session.idHash, at: endedAt });
  }
  for (const { lastUsedAt, ...passkey } of records.passkeys) {
    events.push({ event: "passkey", ...passkey });
    if (lastUsedAt) events.push({ event: "passkey-used", id: passkey.id, counter: passkey.counter, at: lastUsedAt });
  }
  return events.map((event) => deskEvent.parse(event));
}

export interface FileDeskStoreOptions {
  logger?: Logger;
}

/**
 * The desk's part of the store as two append-only JSON-lines files in DATA_DIR, each line
 * fsynced before its call resolves (functions/contact/jsonl-log.ts). The state is what the
 * lines of desk.jsonl add up to, kept in memory and brought up to date from the file before
 * every call: `npm run owner -- link` appends a sign-in from another process, and the
 * running server sees it at the next request. Calls run one at a time, so a code and its
 * link cannot both be used, and of codes typed at once each is counted after the one before.
 * Passkey challenges live only in this process's memory: they last five minutes, one server
 * process serves a DATA_DIR, and a restart only means the owner taps the passkey button again.
 */
export function createFileDeskStore(dataDir: string, options: FileDeskStoreOptions = {}): DeskStore {
  const logger = options.logger ?? consoleLogger;
  const file = path.join(dataDir, DESK_FILE);
  const auditFile = path.join(dataDir, DESK_AUDIT_FILE);
  const events = createJsonlAppender(file, logger);
  const auditLines = createJsonlAppender(auditFile, logger);

  const state = emptyDeskState();
  const { signIns, signInByLink, codeTries, sessions, passkeys } = state;
  /** How much of desk.jsonl is in `state`. */
  let offset = 0;
  const apply = (event: DeskEvent) => applyDeskEvent(state, event);

  async function catchUp(): Promise<void> {
    const { lines, end } = await readJsonlFrom(file, offset, (value) => deskEvent.safeParse(value).data, logger);
    for (const line of lines) apply(line.record);
    offset = end;
  }

  async function write(event: DeskEvent): Promise<void> {
    try {
      await events.append(event);
    } catch (error) {
      throw classifyDataDirError(dataDir, error);
    }
    await catchUp();
  }

  let queue: Promise<unknown> = Promise.resolve();
  /** Runs `work` after every call before it, on state read from the file just now. */
  function exclusive<T>(work: () => Promise<T>): Promise<T> {
    const turn = queue.then(async () => {
      await catchUp();
      return work();
    });
    queue = turn.catch(() => undefined);
    return turn;
  }

  /** Challenges by key hash, oldest first (a Map keeps the order they were set in). */
  const challenges = new Map<string, Omit<Challenge, "keyHash">>();

  const copy = <T extends object>(value: T | undefined): T | undefined => (value ? structuredClone(value) : undefined);

  return {
    addSignIn: (signIn) => exclusive(() => write({ event: "sign-in", ...signIn })),
    openSignIn: (email, now) =>
      exclusive(async () => {
        let newest: SignIn | undefined;
        for (const signIn of signIns.values()) {
          if (signIn.email !== email || signIn.usedAt || signIn.expiresAt <= now) continue;
          if (!newest || signIn.createdAt >= newest.createdAt) newest = signIn;
        }
        return copy(newest);
      }),
    signInByLink: (linkHash) =>
      exclusive(async () => {
        const id = signInByLink.get(linkHash);
        return copy(id === undefined ? undefined : signIns.get(id));
      }),
    useSignIn: (id, at) =>
      exclusive(async () => {
        const signIn = signIns.get(id);
        if (!signIn || signIn.usedAt) return false;
        await write({ event: "sign-in-used", id, at });
        return true;
      }),
    // Under the lock: written, then counted from what the file holds, before any other call runs.
    countCodeTry: (key, at, since) =>
      exclusive(async () => {
        await write({ event: "code-tried", key, at });
        const recent = (codeTries.get(key) ?? []).filter((t) => t >= since);
        codeTries.set(key, recent);
        if (codeTries.size > SWEEP_CODE_TRIES_PAST) for (const [k, times] of codeTries) if (!times.some((t) => t >= since)) codeTries.delete(k);
        return recent.length;
      }),
    clearCodeTries: (key, at) => exclusive(() => write({ event: "code-tries-cleared", key, at })),

    addSession: (session) => exclusive(() => write({ event: "session", ...session })),
    session: (idHash) => exclusive(async () => copy(sessions.get(idHash))),
    extendSession: (idHash, expiresAt) => exclusive(() => write({ event: "session-extended", idHash, expiresAt })),
    endSession: (idHash, at) => exclusive(() => write({ event: "session-ended", idHash, at })),
    endSessions: (email, at) => exclusive(() => write({ event: "sessions-ended", email, at })),

    addPasskey: (passkey) => exclusive(() => write({ event: "passkey", ...passkey })),
    passkeys: (email) =>
      exclusive(async () =>
        [...passkeys.values()]
          .filter((p) => p.email === email)
          .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
          .map((p) => structuredClone(p)),
      ),
    passkey: (id) => exclusive(async () => copy(passkeys.get(id))),
    usePasskey: (id, counter, at) => exclusive(() => write({ event: "passkey-used", id, counter, at })),
    removePasskey: (id, at) => exclusive(() => write({ event: "passkey-removed", id, at })),

    async keepChallenge({ keyHash, ...kept }, now) {
      for (const [key, { expiresAt }] of challenges) if (expiresAt <= now) challenges.delete(key);
      challenges.delete(keyHash);
      if (challenges.size >= MAX_CHALLENGES) challenges.delete(challenges.keys().next().value ?? "");
      challenges.set(keyHash, kept);
    },
    async takeChallenge(keyHash, now) {
      const kept = challenges.get(keyHash);
      challenges.delete(keyHash);
      return kept && kept.expiresAt > now ? kept.challenge : undefined;
    },

    async audit(entry) {
      try {
        await auditLines.append(entry);
      } catch (error) {
        throw classifyDataDirError(dataDir, error);
      }
    },
    async auditLog(limit) {
      const entries: AuditEntry[] = await readJsonl(auditFile, (value) => auditRecord.safeParse(value).data, logger);
      return entries.slice(-limit).reverse();
    },

    async close() {
      await queue;
      await Promise.all([events.close(), auditLines.close()]);
    },
  };
}
