-- Free estimate visits (functions/store/estimate-visit-store.ts, issue 40): one row per visit
-- booked, its record whole as the files store's line carries it (functions/store/records.ts
-- estimateVisitSchema). A time is taken once per seat whichever instances the bookings reach:
-- the unique index on (start_at, seat) of the visits not cancelled refuses a second booking of
-- a seat, and cancelling (setting `cancelled`) frees it. `cancelled` and `reminded_at` are
-- each written once, by an UPDATE ... WHERE it IS NULL that also queues their emails.
CREATE TABLE estimate_visits (
  seq bigint GENERATED ALWAYS AS IDENTITY,
  id text PRIMARY KEY,
  start_at timestamptz NOT NULL,
  seat integer NOT NULL CHECK (seat >= 1),
  created_at timestamptz NOT NULL,
  record jsonb NOT NULL,
  cancelled jsonb,
  reminded_at text
);
CREATE UNIQUE INDEX estimate_visits_seat_taken ON estimate_visits (start_at, seat) WHERE cancelled IS NULL;
CREATE INDEX estimate_visits_start_at ON estimate_visits (start_at);
CREATE INDEX estimate_visits_created_at ON estimate_visits (created_at);
