-- The store's tables (functions/store/postgres/). Each record is kept whole as JSON, as the
-- files store keeps its lines (functions/store/records.ts has the schemas); the columns beside
-- it are what the queries select, order and join on. Times of the queue are the servers'
-- clock in milliseconds, as the store's callers give them.

-- Contact messages: the inbox, and posts held back as spam. A post rescued from the spam is
-- stored in the inbox with the same id. `seq` is the order stored: lists are newest first.
CREATE TABLE messages (
  seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  box text NOT NULL CHECK (box IN ('inbox', 'spam')),
  id text NOT NULL,
  record jsonb NOT NULL,
  UNIQUE (box, id)
);
CREATE INDEX messages_box_seq ON messages (box, seq);

-- "Handled" / "Not handled": every event kept, the latest wins.
CREATE TABLE message_events (
  seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  id text NOT NULL,
  record jsonb NOT NULL
);
CREATE INDEX message_events_id_seq ON message_events (id, seq);

-- Reviews as posted, and those held back as spam.
CREATE TABLE reviews (
  seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  box text NOT NULL CHECK (box IN ('posted', 'spam')),
  id text NOT NULL,
  record jsonb NOT NULL,
  UNIQUE (box, id)
);

-- Every approve and reject; a review's state is its last one. An email link's signature is
-- unique: a link decides once, whichever instance it reaches.
CREATE TABLE review_decisions (
  seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  id text NOT NULL,
  token text UNIQUE,
  record jsonb NOT NULL
);
CREATE INDEX review_decisions_id_seq ON review_decisions (id, seq);

-- The mail outbox. `due_at`: when the job may be claimed (its next attempt, or the end of the
-- lease of the instance that claimed it). A sign-in job's code and link are in `secret` only
-- until it is sent, failed or expired.
CREATE TABLE mail_jobs (
  seq bigint GENERATED ALWAYS AS IDENTITY,
  id text PRIMARY KEY,
  kind text NOT NULL,
  job jsonb NOT NULL,
  secret jsonb,
  expires_at bigint,
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sent', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  due_at bigint NOT NULL,
  next_attempt_at bigint,
  last_error text,
  settled_at bigint
);
CREATE INDEX mail_jobs_pending_due ON mail_jobs (due_at) WHERE state = 'pending';
-- Each claim first fails the sign-in emails past their expiry: few rows, whatever the backlog.
CREATE INDEX mail_jobs_pending_sign_in ON mail_jobs (expires_at) WHERE state = 'pending' AND kind = 'sign-in';

-- The rate limits' takes, shared by every instance: one row per take, swept once out of the window.
CREATE TABLE rate_takes (
  bucket text NOT NULL,
  key text NOT NULL,
  at bigint NOT NULL
);
CREATE INDEX rate_takes_bucket_key_at ON rate_takes (bucket, key, at);

-- One take in one round trip: the key's takes are counted under a lock of its own, so two
-- instances cannot both take the last one. Returns 0 when taken, else milliseconds to wait.
CREATE FUNCTION take_rate(p_bucket text, p_key text, p_now bigint, p_limit integer, p_window bigint) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  taken integer;
  oldest bigint;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext(p_bucket), hashtext(p_key));
  DELETE FROM rate_takes WHERE bucket = p_bucket AND key = p_key AND at <= p_now - p_window;
  SELECT count(*), min(at) INTO taken, oldest FROM rate_takes WHERE bucket = p_bucket AND key = p_key;
  IF taken >= p_limit THEN
    RETURN oldest + p_window - p_now;
  END IF;
  INSERT INTO rate_takes (bucket, key, at) VALUES (p_bucket, p_key, p_now);
  RETURN 0;
END
$$;

-- Keys made once (review-secret): 32 random bytes each.
CREATE TABLE store_keys (
  name text PRIMARY KEY,
  value bytea NOT NULL
);
