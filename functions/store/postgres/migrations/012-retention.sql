-- The retention sweep (functions/retention/retention-sweep.ts) erases the messages received
-- before content/site.json's messagesKeptFor, once a day: it finds them by the time in their
-- record (ISO, UTC, so text order is time order) without reading the whole table.
CREATE INDEX messages_created_at ON messages ((record->>'createdAt'));
