-- The desk's posts (functions/store/posts-store.ts): every version of every post, the photos
-- those versions had (each kept once, by its bytes' SHA-256), and the owner's unsaved work, the
-- newest per post. A version's record is the line the files store writes (functions/store/files/
-- posts-store.ts); `seq` is the order they were kept in, which history and the lists follow.
CREATE TABLE post_versions (
  seq bigserial PRIMARY KEY,
  id text NOT NULL UNIQUE,
  post_id text NOT NULL,
  slug text NOT NULL,
  record jsonb NOT NULL
);
CREATE INDEX post_versions_post_id_seq ON post_versions (post_id, seq);
CREATE TABLE post_photos (
  sha text PRIMARY KEY,
  bytes bytea NOT NULL
);
CREATE TABLE post_drafts (
  post_id text PRIMARY KEY,
  at text NOT NULL,
  state jsonb
);
