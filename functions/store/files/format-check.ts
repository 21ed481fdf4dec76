import { open } from "node:fs/promises";
import path from "node:path";
import type { z } from "zod";
import { answerSchema, decisionSchema, handledEventSchema, storedReviewSchema, submissionSchema, visitEventSchema } from "../records";
import { StoreFormatError } from "../store-errors";
import {
  DECISIONS_FILE,
  ESTIMATE_VISITS_FILE,
  MESSAGE_ANSWERS_FILE,
  MESSAGE_EVENTS_FILE,
  OUTBOX_FILE,
  PUSH_DEVICES_FILE,
  REVIEW_SPAM_FILE,
  REVIEWS_FILE,
  SPAM_FILE,
  SUBMISSIONS_FILE,
  VISIT_CLAIMS_FILE,
  VISITS_FILE,
  VISITS_TODAY_FILE,
} from "./file-names";
import { erasedId } from "./erased-line";
import { readJsonl } from "./jsonl-read";
import { outboxEventSchema } from "./outbox-files";
import { pushDeviceLine } from "./push-files";
import { claimLine, countLine, todayLine } from "./visits-files";

/** Each JSON-lines file of DATA_DIR and the one shape of its lines. */
const FORMATS: ReadonlyArray<{ file: string; schema: z.ZodType }> = [
  { file: SUBMISSIONS_FILE, schema: submissionSchema },
  { file: SPAM_FILE, schema: submissionSchema },
  { file: MESSAGE_EVENTS_FILE, schema: handledEventSchema },
  { file: MESSAGE_ANSWERS_FILE, schema: answerSchema },
  { file: PUSH_DEVICES_FILE, schema: pushDeviceLine },
  { file: REVIEWS_FILE, schema: storedReviewSchema },
  { file: REVIEW_SPAM_FILE, schema: storedReviewSchema },
  { file: DECISIONS_FILE, schema: decisionSchema },
  { file: VISITS_FILE, schema: countLine },
  { file: VISITS_TODAY_FILE, schema: todayLine },
  { file: VISIT_CLAIMS_FILE, schema: claimLine },
  { file: ESTIMATE_VISITS_FILE, schema: visitEventSchema },
];

/**
 * Refuses a DATA_DIR whose files this version does not write: the first line of each file,
 * and every line of outbox.jsonl (small: it is compacted at each start, and a line of
 * another shape there could send mail twice or never). A line that is not JSON at all was
 * torn by a crash and is left to the readers, which skip it; a folder or file that cannot
 * be read is left to the first write, which answers 503 while it cannot.
 */
export async function checkFormats(dataDir: string): Promise<void> {
  for (const { file, schema } of FORMATS) {
    const first = await firstLine(path.join(dataDir, file));
    // An erased record (erased-line.ts) is a line of every file: it says nothing of the file's shape.
    if (first === undefined || erasedId(first) !== undefined) continue;
    const problem = shapeProblem(schema, first);
    if (problem) throw formatError(dataDir, file, 1, problem);
  }
  let lineNumber = 0;
  let refused: StoreFormatError | undefined;
  await readJsonl(
    path.join(dataDir, OUTBOX_FILE),
    (value) => {
      lineNumber += 1;
      const problem = value === undefined ? undefined : shapeProblem(outboxEventSchema, value);
      refused ??= problem ? formatError(dataDir, OUTBOX_FILE, lineNumber, problem) : undefined;
      return value;
    },
    { warn: () => undefined, error: () => undefined },
  ).catch(() => undefined);
  if (refused) throw refused;
}

function formatError(dataDir: string, file: string, line: number, problem: string): StoreFormatError {
  return new StoreFormatError(
    `${path.join(dataDir, file)}:${line}: not a line this version of the site writes (${problem}). ` +
      "Nothing was started, so nothing in it was misread: restore the file from a backup of this version, or move it out of the folder.",
  );
}

/** What is wrong with a line that is JSON but not of this shape; undefined for a good line or one that is not JSON. */
function shapeProblem(schema: z.ZodType, value: unknown): string | undefined {
  if (value === undefined) return undefined;
  const result = schema.safeParse(value);
  if (result.success) return undefined;
  const issue = result.error.issues[0];
  return issue ? `${issue.path.join(".") || "(line)"}: ${issue.message}` : "not this shape";
}

/** The first complete line of a file, parsed; undefined when there is none or it is not JSON (torn), or the file cannot be read. */
async function firstLine(file: string): Promise<unknown> {
  let fh;
  try {
    fh = await open(file, "r");
  } catch {
    return undefined;
  }
  try {
    const bytes = Buffer.alloc(64 * 1024);
    const { bytesRead } = await fh.read(bytes, 0, bytes.length, 0);
    const end = bytes.subarray(0, bytesRead).indexOf(0x0a);
    if (end < 0) return undefined;
    try {
      return JSON.parse(bytes.toString("utf8", 0, end));
    } catch {
      return undefined;
    }
  } catch {
    return undefined;
  } finally {
    await fh.close();
  }
}
