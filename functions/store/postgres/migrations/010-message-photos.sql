-- The photos visitors send with their contact messages (functions/store/photo-store.ts): each
-- kept once, by its bytes' SHA-256, as post_photos keeps the posts' (005-posts.sql). A message's
-- record lists its photos' hashes (records.ts `photos`); a photo is written and committed before
-- the message that names it.
CREATE TABLE message_photos (
  sha text PRIMARY KEY,
  bytes bytea NOT NULL
);
