-- The owner's desk (functions/store/desk-store.ts): sign-ins, wrong codes, sessions, passkeys
-- and the audit log, shared by every instance. Secrets only as the SHA-256 hashes the desk
-- gives (a code, a link's token, a session's cookie): whoever reads these tables cannot sign
-- in with them. Times are the desk's ISO strings (Date.toISOString()), compared as text, so
-- they come back byte for byte as given.

-- A sign-in's code and link: `used_at` is set once, by whichever is used first.
CREATE TABLE desk_sign_ins (
  seq bigint GENERATED ALWAYS AS IDENTITY,
  id text PRIMARY KEY,
  email text NOT NULL,
  code_hash text,
  link_hash text NOT NULL UNIQUE,
  created_at text NOT NULL,
  expires_at text NOT NULL,
  used_at text
);
CREATE INDEX desk_sign_ins_email ON desk_sign_ins (email, created_at) WHERE used_at IS NULL;

CREATE TABLE desk_code_failures (
  email text NOT NULL,
  at text NOT NULL
);
CREATE INDEX desk_code_failures_email_at ON desk_code_failures (email, at);

CREATE TABLE desk_sessions (
  seq bigint GENERATED ALWAYS AS IDENTITY,
  id_hash text PRIMARY KEY,
  email text NOT NULL,
  via text NOT NULL,
  created_at text NOT NULL,
  expires_at text NOT NULL,
  ended_at text
);
CREATE INDEX desk_sessions_email ON desk_sessions (email) WHERE ended_at IS NULL;

-- A removed passkey's row is deleted: it can never sign in again.
CREATE TABLE desk_passkeys (
  seq bigint GENERATED ALWAYS AS IDENTITY,
  id text PRIMARY KEY,
  email text NOT NULL,
  public_key text NOT NULL,
  counter bigint NOT NULL CHECK (counter >= 0),
  transports text[],
  name text NOT NULL,
  created_at text NOT NULL,
  last_used_at text
);
CREATE INDEX desk_passkeys_email ON desk_passkeys (email);

-- Every desk action; `seq` is the order written, newest last.
CREATE TABLE desk_audit (
  seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at text NOT NULL,
  who text NOT NULL,
  action text NOT NULL,
  "from" text NOT NULL,
  detail text
);
