// The owner's desk's part of the store: sign-in codes and links, sessions, passkeys,
// passkey ceremonies' challenges and the audit log. What the desk keeps between requests
// (and, but for the challenges of the files store, between restarts), and nothing else: who
// may sign in (OWNER_EMAILS) and every rule (expiry, locks, limits) are the desk's
// (functions/desk/). Secrets are only ever given to it as SHA-256 hashes
// (functions/desk/secrets.ts), so whoever reads the store cannot sign in with what it holds.
// Implementations: JSON lines in DATA_DIR (functions/store/files/desk-store.ts), PostgreSQL
// tables (functions/store/postgres/desk-tables.ts, migrations/003-desk.sql,
// 004-desk-challenges.sql and 006-desk-code-tries.sql); each runs the behaviour suite in
// functions/store/desk-store-behaviour.ts.

/** Times are ISO strings from Date.toISOString(): they compare as text. */
export type Instant = string;

/** One request for a sign-in: a 6-digit code and a link, either works once, until `expiresAt`. */
export interface SignIn {
  id: string;
  /** An owner's address, lower case. */
  email: string;
  /** Hash of the code (secrets.ts codeHash); none for a link printed by `npm run owner -- link`. */
  codeHash?: string;
  /** Hash of the link's token. */
  linkHash: string;
  createdAt: Instant;
  expiresAt: Instant;
  /** Set once, by whichever of the code or the link was used first. */
  usedAt?: Instant;
}

export interface DeskSession {
  /** Hash of the cookie's value. */
  idHash: string;
  email: string;
  /** How it was opened: "code", "link", "passkey". */
  via: string;
  createdAt: Instant;
  /** Pushed forward as the owner keeps using the desk (sliding expiry). */
  expiresAt: Instant;
  /** Set by "Sign out" and "Sign every device out"; an ended session never works again. */
  endedAt?: Instant;
}

/** A WebAuthn credential registered by a signed-in owner. */
export interface Passkey {
  /** The credential id (base64url), as the browser sends it. */
  id: string;
  email: string;
  /** COSE public key, base64url. */
  publicKey: string;
  /** The authenticator's signature counter (0 for most passkeys, which do not count). */
  counter: number;
  transports?: string[];
  /** What the owner sees in the list: the device it was added on ("iPhone", "Chrome on Windows"). */
  name: string;
  createdAt: Instant;
  lastUsedAt?: Instant;
}

/** A passkey ceremony's challenge (functions/desk/passkeys.ts), waiting for the browser's answer. */
export interface Challenge {
  /** Hash of who asked: the session's cookie (adding a passkey), or the pre-session cookie (signing in with one). */
  keyHash: string;
  /** The random challenge the browser's answer must sign (base64url). */
  challenge: string;
  expiresAt: Instant;
}

/** One line of the audit log: who did what, when, from where. */
export interface AuditEntry {
  at: Instant;
  /** The owner's address, or the address a refused sign-in named. */
  who: string;
  /** What happened, in a few words: "signed in with a code", "saved business details". */
  action: string;
  /** The client's address (as TRUST_PROXY allows it to be known) and browser; "npm run owner" for the CLI. */
  from: string;
  /** What changed, when it says more than `action` ("phone, hours"). */
  detail?: string;
}

export interface DeskStore {
  addSignIn(signIn: SignIn): Promise<void>;
  /** The newest sign-in for `email` that is neither used nor expired at `now`. */
  openSignIn(email: string, now: Instant): Promise<SignIn | undefined>;
  /** The sign-in whose link has this hash, used or not (the desk says which). */
  signInByLink(linkHash: string): Promise<SignIn | undefined>;
  /** Marks it used at `at`: true only for the first call for this id, whichever process or request makes it. */
  useSignIn(id: string, at: Instant): Promise<boolean>;
  /**
   * Counts one code typed for `key` (the desk's hash of the address typed, an owner's or not) at
   * `at`, before the code is compared, and answers how many were counted for it at or after
   * `since`, this one included. One step: of tries at once, each gets a number of its own (files:
   * under the store's lock; PostgreSQL: one call of try_desk_code, migrations/006-desk-code-tries.sql).
   */
  countCodeTry(key: string, at: Instant, since: Instant): Promise<number>;
  /** Forgets the tries counted for `key` (its owner signed in). */
  clearCodeTries(key: string, at: Instant): Promise<void>;

  addSession(session: DeskSession): Promise<void>;
  /** The session with this hash, ended or not, expired or not (the desk decides). */
  session(idHash: string): Promise<DeskSession | undefined>;
  extendSession(idHash: string, expiresAt: Instant): Promise<void>;
  endSession(idHash: string, at: Instant): Promise<void>;
  /** Ends every session of `email` opened before `at` ("Sign every device out"). */
  endSessions(email: string, at: Instant): Promise<void>;

  addPasskey(passkey: Passkey): Promise<void>;
  /** The address's passkeys (removed ones are gone), oldest first. */
  passkeys(email: string): Promise<Passkey[]>;
  passkey(id: string): Promise<Passkey | undefined>;
  /** After a sign-in with it: the authenticator's new counter. */
  usePasskey(id: string, counter: number, at: Instant): Promise<void>;
  removePasskey(id: string, at: Instant): Promise<void>;

  /** Keeps a challenge, in place of any kept for the same key; challenges expired at `now` may be dropped. */
  keepChallenge(challenge: Challenge, now: Instant): Promise<void>;
  /**
   * The challenge kept for `keyHash` unless it expired at `now`, removed as it is found: a second
   * take finds none, whichever process or instance makes it (of two at once, one gets it).
   */
  takeChallenge(keyHash: string, now: Instant): Promise<string | undefined>;

  /** Appends one entry (fsync before it resolves). */
  audit(entry: AuditEntry): Promise<void>;
  /** The newest `limit` entries, newest first. */
  auditLog(limit: number): Promise<AuditEntry[]>;

  close(): Promise<void>;
}
