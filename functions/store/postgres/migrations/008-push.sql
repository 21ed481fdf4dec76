-- The phones and computers that get the owner's notifications (functions/store/push-store.ts): a
-- browser's push subscription each, whole as `record` (records.ts pushDeviceSchema, the line the
-- files store writes); `id` is made from its endpoint, so a browser that subscribes again is one
-- row. `seq`: the order first kept (an owner's oldest is forgotten past ten).
CREATE TABLE push_devices (
  seq bigint GENERATED ALWAYS AS IDENTITY,
  id text PRIMARY KEY,
  by_email text NOT NULL,
  record jsonb NOT NULL
);
CREATE INDEX push_devices_by_email_seq ON push_devices (by_email, seq);

-- Notifications are claimed after sign-in emails and before the rest of the mail (outbox-tables.ts
-- claim): their own index range, whatever the backlog of mail.
CREATE INDEX mail_jobs_pending_push ON mail_jobs (due_at) WHERE state = 'pending' AND kind = 'push';

-- The devices the owner turned off ("Turn off" in Account): the desk does not subscribe them again
-- by itself (push-store.ts add's unlessTurnedOff) until the owner turns one on again.
CREATE TABLE push_devices_off (
  id text PRIMARY KEY,
  at text NOT NULL
);
