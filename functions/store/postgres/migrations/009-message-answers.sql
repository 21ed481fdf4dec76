-- Each message's first answer (records.ts answerSchema): a tap on Call, Text or Email back in the
-- desk, or "Mark handled". One row per message: the first kept wins (INSERT ... ON CONFLICT DO
-- NOTHING), whichever instance the taps reach.
CREATE TABLE message_answers (
  seq bigint GENERATED ALWAYS AS IDENTITY,
  id text PRIMARY KEY,
  record jsonb NOT NULL
);
