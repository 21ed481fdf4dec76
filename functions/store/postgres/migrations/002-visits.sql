-- The visit counts (functions/store/visits-store.ts): daily aggregates by key, the day's salt
-- and visitor hashes (deleted when the day ends), and what happened once (claims).
CREATE TABLE visit_counts (
  seq bigint GENERATED ALWAYS AS IDENTITY,
  day text NOT NULL,
  kind text NOT NULL,
  path text NOT NULL,
  source text NOT NULL,
  device text NOT NULL,
  landing text NOT NULL,
  button text NOT NULL,
  count bigint NOT NULL,
  PRIMARY KEY (day, kind, path, source, device, landing, button)
);

CREATE TABLE visit_salts (
  day text PRIMARY KEY,
  salt bytea NOT NULL
);

CREATE TABLE visit_seen (
  day text NOT NULL,
  hash text NOT NULL,
  device text NOT NULL,
  PRIMARY KEY (day, hash, device)
);

CREATE TABLE visit_claims (
  name text PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now()
);
