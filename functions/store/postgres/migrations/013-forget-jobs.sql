-- Erasing a booking or a message (the desk's Delete, the retention sweep) deletes the mail jobs
-- about it (outbox-tables.ts forget): a booking's by the visit's id in the job, a notification by
-- its tag. Without these, each erase read every job ever queued, and a sweep of many old records
-- read them all once per record.
CREATE INDEX mail_jobs_visit_id ON mail_jobs ((job #>> '{visit,id}')) WHERE kind = 'estimate-visit';
CREATE INDEX mail_jobs_push_tag ON mail_jobs ((job #>> '{notice,tag}')) WHERE kind = 'push';
