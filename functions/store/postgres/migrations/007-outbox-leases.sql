-- Leases that follow the living (functions/store/postgres/outbox-tables.ts). A claim names the
-- sender that holds it: only that sender renews it while its email is on the way (the sending
-- loop's heartbeat, functions/contact/outbox.ts) or records a failed try; a sender whose lease
-- ran out finds the job taken and leaves it to the one that took it. `settled_at` is now also
-- set by a retry: when the job's last attempt was recorded, whatever its outcome.
ALTER TABLE mail_jobs ADD COLUMN claimed_by text;
