-- Passkey ceremonies' challenges (functions/store/desk-store.ts keepChallenge, takeChallenge),
-- shared by every instance: one instance hands a challenge out, the browser's answer may reach
-- another. A challenge is deleted as it is taken (DELETE ... RETURNING: once, whichever instance
-- asks), and those expired are swept each time one is kept, so the table holds at most the last
-- five minutes' ceremonies. Keys are the hashes of the cookies of who asked; times are ISO strings.
CREATE TABLE desk_challenges (
  key_hash text PRIMARY KEY,
  challenge text NOT NULL,
  expires_at text NOT NULL
);
CREATE INDEX desk_challenges_expires_at ON desk_challenges (expires_at);
