// The owner's view of the contact form: `npm run submissions [-- options]`.
// Reads DATA_DIR (default ./data) while the server may be running; it only reads.
import path from "node:path";
import { parseArgs } from "node:util";
import { mailOf, readOutbox } from "../functions/contact/outbox";
import { readSubmissions, SPAM_FILE, SUBMISSIONS_FILE } from "../functions/contact/store";
import { newestFirst, outboxTable, submissionsCsv, submissionsTable } from "../functions/contact/submissions-report";
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

type Options = { dataDir: string; format: "table" | "json" | "csv"; spam: boolean; undelivered: boolean; help: boolean; full: boolean; id?: string };

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
    dataDir: path.resolve(values.data ?? (process.env.DATA_DIR || "./data")),
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
  // Every time printed below, the table's included, is on the business's clock, not the server's.
  const timeZone = await readBusinessTimeZone(path.resolve("content"));
  process.env.TZ = timeZone;
  const zoneNote = `Times are ${timeZone} time (timeZone in content/site.json).`;

  if (options.undelivered) {
    const jobs = (await readOutbox(options.dataDir, logger)).sort((a, b) => newestFirst(mailOf(a), mailOf(b)));
    if (options.format === "json") console.log(JSON.stringify(jobs, null, 2));
    else if (jobs.length === 0) console.log("All notification emails have been sent.");
    else console.log(`${outboxTable(jobs)}\n\n${jobs.length} notification email(s) not delivered.`);
    return;
  }

  // Services are named as content/services names them now; a content mistake leaves their values.
  const { choices: services } = await loadServiceChoices(path.resolve("content"));
  const file = path.join(options.dataDir, options.spam ? SPAM_FILE : SUBMISSIONS_FILE);
  const submissions = (await readSubmissions(file, logger)).sort(newestFirst);
  if (options.id !== undefined || options.full) {
    const shown = options.id !== undefined ? findById(submissions, options.id) : submissions;
    if (shown.length === 0) {
      console.log(`No message with id ${options.id} in ${file}.`);
      process.exitCode = 1;
    } else console.log(`${shown.map((s) => formatSubmissionDetail(s, timeZone, services)).join("\n\n")}\n\n${zoneNote}`);
    return;
  }
  if (options.format === "json") console.log(JSON.stringify(submissions, null, 2));
  else if (options.format === "csv") process.stdout.write(submissionsCsv(submissions, services));
  else if (submissions.length === 0) console.log(`No ${options.spam ? "held spam" : "messages"} in ${file}.`);
  else console.log(`${submissionsTable(submissions, services)}\n\n${submissions.length} ${options.spam ? "held as spam" : "message(s)"} in ${file}. ${zoneNote} Long messages are cut: --full shows them whole.`);
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
