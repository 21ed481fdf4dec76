// The owner's view of the contact form: `npm run submissions [-- options]`.
// Reads the store (DATA_DIR, default ./data; or DATABASE_URL) while the server may be running; it only reads.
import path from "node:path";
import { parseArgs } from "node:util";
import { messagesCsv, newestFirst, outboxTable, submissionsTable } from "../functions/contact/submissions-report";
import { storeFromEnv } from "../functions/store/create-store";
import type { Store } from "../functions/store/store";
import { loadServiceChoices } from "../src/content/services";
import { findById, formatSubmissionDetail, readBusinessTimeZone } from "./submission-detail";

const usage = `Usage: npm run submissions -- [options]

Lists contact form messages, newest first. Times are on the business's clock
(timeZone in content/site.json, America/New_York unless set).

  --json          print JSON instead of a table
  --csv           print CSV (for a spreadsheet): npm run submissions -- --csv > messages.csv
  --full          show every message whole, one block each (the table cuts long ones)
  --id ID         show one message whole (the first characters of its id are enough)
  --spam          list the messages held back as spam instead
  --undelivered   list notification emails not sent yet (pending) or given up (failed)
  --data DIR      read another data folder (default: $DATA_DIR or ./data)
  --help          show this text`;

type Options = { dataDir?: string; format: "table" | "json" | "csv"; spam: boolean; undelivered: boolean; help: boolean; full: boolean; id?: string };

function parseOptions(args: string[]): Options {
  const { values } = parseArgs({
    args,
    options: {
      json: { type: "boolean", default: false },
      csv: { type: "boolean", default: false },
      spam: { type: "boolean", default: false },
      undelivered: { type: "boolean", default: false },
      full: { type: "boolean", default: false },
      id: { type: "string" },
      data: { type: "string" },
      help: { type: "boolean", default: false },
    },
    strict: true,
  });
  if (values.json && values.csv) throw new Error("choose one of --json and --csv");
  return {
    dataDir: values.data,
    format: values.json ? "json" : values.csv ? "csv" : "table",
    spam: values.spam,
    undelivered: values.undelivered,
    help: values.help,
    full: values.full,
    id: values.id,
  };
}

async function run(options: Options): Promise<void> {
  if (options.help) {
    console.log(usage);
    return;
  }
  // Warnings about skipped lines go to stderr so --json and --csv output stays clean.
  const logger = { warn: (m: string) => console.error(m), error: (m: string) => console.error(m) };
  const store = await storeFromEnv(process.env, { dataDir: options.dataDir, logger });
  try {
    await show(store, options);
  } finally {
    await store.close();
  }
}

async function show(store: Store, options: Options): Promise<void> {
  // Every time printed below, the table's included, is on the business's clock, not the server's.
  const timeZone = await readBusinessTimeZone(path.resolve("content"));
  process.env.TZ = timeZone;
  const zoneNote = `Times are ${timeZone} time (timeZone in content/site.json).`;

  if (options.undelivered) {
    const jobs = (await store.outbox.undelivered()).sort((a, b) => newestFirst(a.job, b.job));
    if (options.format === "json") console.log(JSON.stringify(jobs, null, 2));
    else if (jobs.length === 0) console.log("All notification emails have been sent.");
    else console.log(`${outboxTable(jobs)}\n\n${jobs.length} notification email(s) not delivered.`);
    return;
  }

  // Services are named as content/services names them now; a content mistake leaves their values.
  const { choices: services } = await loadServiceChoices(path.resolve("content"));
  const box = options.spam ? "spam" : "inbox";
  const where = store.description;
  if (options.format === "csv") return void process.stdout.write(await messagesCsv(store.messages, box, services));
  const submissions = (await store.messages.all(box)).sort(newestFirst);
  if (options.id !== undefined || options.full) {
    const shown = options.id !== undefined ? findById(submissions, options.id) : submissions;
    if (shown.length === 0) {
      console.log(`No message with id ${options.id} in ${where}.`);
      process.exitCode = 1;
    } else console.log(`${shown.map((s) => formatSubmissionDetail(s, timeZone, services)).join("\n\n")}\n\n${zoneNote}`);
    return;
  }
  if (options.format === "json") console.log(JSON.stringify(submissions, null, 2));
  else if (submissions.length === 0) console.log(`No ${options.spam ? "held spam" : "messages"} in ${where}.`);
  else console.log(`${submissionsTable(submissions, services)}\n\n${submissions.length} ${options.spam ? "held as spam" : "message(s)"} in ${where}. ${zoneNote} Long messages are cut: --full shows them whole.`);
}

let options: Options | undefined;
try {
  options = parseOptions(process.argv.slice(2));
} catch (error) {
  console.error(`${error instanceof Error ? error.message : String(error)}\n\n${usage}`);
  process.exitCode = 2;
}
if (options) {
  await run(options).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
