-- Sign-in codes typed (functions/store/desk-store.ts countCodeTry): each is counted before it is
-- compared, and compared only while its count allows it, so codes sent at once cannot all pass a
-- count read before any of them was written (issue 36). The wrong codes of 003-desk.sql become
-- the tries: keyed by the desk's hash of the address typed (an owner's or anyone's: the same work
-- and the same answers for every address), and forgotten when its owner signs in. A try counts
-- for 15 minutes: those kept so far, by address, are dropped, which only lifts a lock early.
ALTER TABLE desk_code_failures RENAME TO desk_code_tries;
ALTER TABLE desk_code_tries RENAME COLUMN email TO key;
ALTER INDEX desk_code_failures_email_at RENAME TO desk_code_tries_key_at;
DELETE FROM desk_code_tries;

-- One try for p_key at p_at, and how many p_key has at or after p_since, this one included. Under a
-- lock of the key's own, taken before the count, so tries at once (any instance) are counted one
-- after another; each statement of a function sees what was committed before it began, so the
-- count sees the tries that held the lock before. The key's tries before p_since are dropped.
CREATE FUNCTION try_desk_code(p_key text, p_at text, p_since text) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  tries integer;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('desk_code_tries'), hashtext(p_key));
  DELETE FROM desk_code_tries WHERE key = p_key AND at < p_since;
  INSERT INTO desk_code_tries (key, at) VALUES (p_key, p_at);
  SELECT count(*) INTO tries FROM desk_code_tries WHERE key = p_key;
  RETURN tries;
END
$$;
