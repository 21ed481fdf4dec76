import type { AuditEntry, DeskSession, DeskStore, Instant, Passkey, SignIn } from "../desk-store";
import type { Database } from "./database";

// The columns of migrations/003-desk.sql and 004-desk-challenges.sql, read back as the desk's records: a NULL column is a field left out.

export const SIGN_IN_COLUMNS = "id, email, code_hash, link_hash, created_at, expires_at, used_at";
export const SESSION_COLUMNS = 'id_hash, email, via, created_at, expires_at, ended_at';
export const PASSKEY_COLUMNS = "id, email, public_key, counter, transports, name, created_at, last_used_at";
export const AUDIT_COLUMNS = 'at, who, action, "from", detail';

type Nullable<T> = { [K in keyof T]: T[K] | null };
export type SignInRow = Nullable<{ id: string; email: string; code_hash: string; link_hash: string; created_at: string; expires_at: string; used_at: string }>;
export type SessionRow = Nullable<{ id_hash: string; email: string; via: string; created_at: string; expires_at: string; ended_at: string }>;
export type PasskeyRow = Nullable<{ id: string; email: string; public_key: string; counter: string; transports: string[]; name: string; created_at: string; last_used_at: string }>;
export type AuditRow = Nullable<{ at: string; who: string; action: string; from: string; detail: string }>;

function required(value: string | null, what: string): string {
  if (value === null) throw new Error(`desk tables: ${what} is empty`);
  return value;
}

export function signInOf(row: SignInRow): SignIn {
  return {
    id: required(row.id, "desk_sign_ins.id"),
    email: required(row.email, "desk_sign_ins.email"),
    ...(row.code_hash === null ? {} : { codeHash: row.code_hash }),
    linkHash: required(row.link_hash, "desk_sign_ins.link_hash"),
    createdAt: required(row.created_at, "desk_sign_ins.created_at"),
    expiresAt: required(row.expires_at, "desk_sign_ins.expires_at"),
    ...(row.used_at === null ? {} : { usedAt: row.used_at }),
  };
}

export function sessionOf(row: SessionRow): DeskSession {
  return {
    idHash: required(row.id_hash, "desk_sessions.id_hash"),
    email: required(row.email, "desk_sessions.email"),
    via: required(row.via, "desk_sessions.via"),
    createdAt: required(row.created_at, "desk_sessions.created_at"),
    expiresAt: required(row.expires_at, "desk_sessions.expires_at"),
    ...(row.ended_at === null ? {} : { endedAt: row.ended_at }),
  };
}

export function passkeyOf(row: PasskeyRow): Passkey {
  return {
    id: required(row.id, "desk_passkeys.id"),
    email: required(row.email, "desk_passkeys.email"),
    publicKey: required(row.public_key, "desk_passkeys.public_key"),
    counter: Number(required(row.counter, "desk_passkeys.counter")),
    ...(row.transports === null ? {} : { transports: row.transports }),
    name: required(row.name, "desk_passkeys.name"),
    createdAt: required(row.created_at, "desk_passkeys.created_at"),
    ...(row.last_used_at === null ? {} : { lastUsedAt: row.last_used_at }),
  };
}

export function auditEntryOf(row: AuditRow): AuditEntry {
  return {
    at: required(row.at, "desk_audit.at"),
    who: required(row.who, "desk_audit.who"),
    action: required(row.action, "desk_audit.action"),
    from: required(row.from, "desk_audit.from"),
    ...(row.detail === null ? {} : { detail: row.detail }),
  };
}

/** The rows of a desk's records, in the columns' order above (`npm run data -- import`). */
export const signInRow = (s: SignIn): unknown[] => [s.id, s.email, s.codeHash ?? null, s.linkHash, s.createdAt, s.expiresAt, s.usedAt ?? null];
export const sessionRow = (s: DeskSession): unknown[] => [s.idHash, s.email, s.via, s.createdAt, s.expiresAt, s.endedAt ?? null];
export const passkeyRow = (p: Passkey): unknown[] => [p.id, p.email, p.publicKey, p.counter, p.transports ?? null, p.name, p.createdAt, p.lastUsedAt ?? null];
export const auditRow = (e: AuditEntry): unknown[] => [e.at, e.who, e.action, e.from, e.detail ?? null];

const CODE_TRIES_SWEPT_EVERY_MS = 15 * 60_000;

const params = (count: number, from = 1) => Array.from({ length: count }, (_, i) => `$${i + from}`).join(", ");

/**
 * The desk's part of the store in PostgreSQL, shared by every instance and by `npm run owner`.
 * Each call is one statement; a sign-in is used by one UPDATE that only a row still unused
 * matches, and a challenge taken by one DELETE, so of two requests at once (on any instances) one gets it;
 * a code typed is counted by one call of try_desk_code, which counts a key's tries one at a time.
 */
export function createDeskTables(db: Database): DeskStore {
  // try_desk_code drops its own key's old tries; those of keys that never come back go here, once a quarter hour.
  let swept = "";
  const sweepCodeTries = (since: Instant) => {
    if (since < swept) return;
    const last = swept;
    swept = new Date(Date.parse(since) + CODE_TRIES_SWEPT_EVERY_MS).toISOString();
    void db.query("DELETE FROM desk_code_tries WHERE at < $1", [since]).catch(() => void (swept = last));
  };
  return {
    async addSignIn(signIn) {
      await db.query(`INSERT INTO desk_sign_ins (${SIGN_IN_COLUMNS}) VALUES (${params(7)})`, signInRow(signIn));
    },
    async openSignIn(email, now) {
      const { rows } = await db.query<SignInRow>(
        `SELECT ${SIGN_IN_COLUMNS} FROM desk_sign_ins WHERE email = $1 AND used_at IS NULL AND expires_at > $2 ORDER BY created_at DESC, seq DESC LIMIT 1`,
        [email, now],
      );
      return rows[0] && signInOf(rows[0]);
    },
    async signInByLink(linkHash) {
      const { rows } = await db.query<SignInRow>(`SELECT ${SIGN_IN_COLUMNS} FROM desk_sign_ins WHERE link_hash = $1`, [linkHash]);
      return rows[0] && signInOf(rows[0]);
    },
    async useSignIn(id, at) {
      const { rowCount } = await db.query("UPDATE desk_sign_ins SET used_at = $2 WHERE id = $1 AND used_at IS NULL", [id, at]);
      return rowCount === 1;
    },
    async countCodeTry(key, at, since) {
      sweepCodeTries(since);
      const { rows } = await db.query<{ tries: number }>("SELECT try_desk_code($1, $2, $3) AS tries", [key, at, since]);
      return Number(rows[0]?.tries ?? 0);
    },
    async clearCodeTries(key) {
      await db.query("DELETE FROM desk_code_tries WHERE key = $1", [key]);
    },

    async addSession(session) {
      await db.query(`INSERT INTO desk_sessions (${SESSION_COLUMNS}) VALUES (${params(6)})`, sessionRow(session));
    },
    async session(idHash) {
      const { rows } = await db.query<SessionRow>(`SELECT ${SESSION_COLUMNS} FROM desk_sessions WHERE id_hash = $1`, [idHash]);
      return rows[0] && sessionOf(rows[0]);
    },
    async extendSession(idHash, expiresAt) {
      await db.query("UPDATE desk_sessions SET expires_at = $2 WHERE id_hash = $1", [idHash, expiresAt]);
    },
    async endSession(idHash, at) {
      await db.query("UPDATE desk_sessions SET ended_at = $2 WHERE id_hash = $1 AND ended_at IS NULL", [idHash, at]);
    },
    async endSessions(email, at) {
      await db.query("UPDATE desk_sessions SET ended_at = $2 WHERE email = $1 AND ended_at IS NULL AND created_at <= $2", [email, at]);
    },

    async addPasskey(passkey) {
      await db.query(`INSERT INTO desk_passkeys (${PASSKEY_COLUMNS}) VALUES (${params(8)})`, passkeyRow(passkey));
    },
    async passkeys(email) {
      const { rows } = await db.query<PasskeyRow>(`SELECT ${PASSKEY_COLUMNS} FROM desk_passkeys WHERE email = $1 ORDER BY created_at, seq`, [email]);
      return rows.map(passkeyOf);
    },
    async passkey(id) {
      const { rows } = await db.query<PasskeyRow>(`SELECT ${PASSKEY_COLUMNS} FROM desk_passkeys WHERE id = $1`, [id]);
      return rows[0] && passkeyOf(rows[0]);
    },
    async usePasskey(id, counter, at) {
      await db.query("UPDATE desk_passkeys SET counter = $2, last_used_at = $3 WHERE id = $1", [id, counter, at]);
    },
    async removePasskey(id) {
      await db.query("DELETE FROM desk_passkeys WHERE id = $1", [id]);
    },

    async keepChallenge({ keyHash, challenge, expiresAt }, now) {
      // The sweep leaves this key's row to the upsert (one statement must not delete and update the same
      // row), and rows another instance's sweep or take holds to it: two sweeps never wait for each other.
      await db.query(
        `WITH swept AS (
           DELETE FROM desk_challenges WHERE key_hash IN (
             SELECT key_hash FROM desk_challenges WHERE expires_at <= $4 AND key_hash <> $1 FOR UPDATE SKIP LOCKED))
         INSERT INTO desk_challenges (key_hash, challenge, expires_at) VALUES ($1, $2, $3)
         ON CONFLICT (key_hash) DO UPDATE SET challenge = EXCLUDED.challenge, expires_at = EXCLUDED.expires_at`,
        [keyHash, challenge, expiresAt, now],
      );
    },
    async takeChallenge(keyHash, now) {
      // Deleted whether expired or not; of two takes at once the second waits for the first's delete and finds no row.
      const { rows } = await db.query<{ challenge: string; open: boolean }>(
        "DELETE FROM desk_challenges WHERE key_hash = $1 RETURNING challenge, expires_at > $2 AS open",
        [keyHash, now],
      );
      return rows[0]?.open ? rows[0].challenge : undefined;
    },

    async audit(entry) {
      await db.query(`INSERT INTO desk_audit (${AUDIT_COLUMNS}) VALUES (${params(5)})`, auditRow(entry));
    },
    async auditLog(limit) {
      const { rows } = await db.query<AuditRow>(`SELECT ${AUDIT_COLUMNS} FROM desk_audit ORDER BY seq DESC LIMIT $1`, [limit]);
      return rows.map(auditEntryOf);
    },

    // The pool is the store's: closed with it.
    close: async () => undefined,
  };
}
