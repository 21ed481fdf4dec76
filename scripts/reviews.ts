// The owner's view of reviews: `npm run reviews [-- options | approve ID | reject ID]`.
// Reads DATA_DIR (default ./data); approve/reject append one line to
// review-decisions.jsonl (fsync), as the email links do.
import { mkdir, open, rename } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { formatDate, renderTable } from "../functions/contact/submissions-report";
import { createReviewStore, readReviewStates, type ReviewState } from "../functions/reviews/review-store";
import { REVIEWS_EXPORT } from "../src/content/load-reviews";

const usage = `Usage: npm run reviews -- [options]
       npm run reviews -- approve ID     show a review on the site
       npm run reviews -- reject ID      hide it (also takes down an approved one)

Lists reviews, newest first: pending ones (waiting for you), approved and rejected.
ID: the first characters of a review's id are enough.

  --json          print JSON instead of a table
  --export        write the approved reviews to content/reviews.json, for a build
                  without this data folder (a static host's build)
  --data DIR      use another data folder (default: $DATA_DIR or ./data)
  --help          show this text

With npm start running, an approval (from the email link or from here) is live
within seconds. Otherwise it is in the next build (npm run build).`;

const { values, positionals } = parseArgs({
  args: process.argv.slice(2),
  options: {
    json: { type: "boolean", default: false },
    export: { type: "boolean", default: false },
    data: { type: "string" },
    help: { type: "boolean", default: false },
  },
  allowPositionals: true,
  strict: true,
});

const dataDir = path.resolve(values.data ?? (process.env.DATA_DIR || "./data"));
const logger = { warn: (m: string) => console.error(m), error: (m: string) => console.error(m) };
const state = (r: ReviewState) => (r.approved ? "approved" : r.decision ? "rejected" : "pending");

function table(reviews: ReviewState[]): string {
  const columns = [
    { title: "State", max: 8 },
    { title: "Received", max: 16 },
    { title: "Stars", max: 5 },
    { title: "Name", max: 20 },
    { title: "Town", max: 20 },
    { title: "Id", max: 8 },
    { title: "Review", max: 60 },
  ];
  return renderTable(
    columns,
    reviews.map((r) => [state(r), formatDate(r.createdAt), "*".repeat(r.rating), r.name, r.location, r.id.slice(0, 8), r.text]),
  );
}

async function decide(action: "approve" | "reject", prefix: string | undefined): Promise<void> {
  const reviews = await readReviewStates(dataDir, logger);
  const found = prefix ? reviews.filter((r) => r.id.startsWith(prefix)) : [];
  if (found.length !== 1 || !prefix) {
    const why = !prefix ? "Name a review by its id." : found.length === 0 ? `No review with id ${prefix}.` : `${found.length} reviews start with ${prefix}: give more of the id.`;
    throw new Error(`${why} npm run reviews lists them.`);
  }
  const [review] = found;
  if (!review) return;
  const store = createReviewStore(dataDir, { logger });
  try {
    await store.decide({ id: review.id, approved: action === "approve", via: "cli" });
  } finally {
    await store.close();
  }
  console.log(`${action === "approve" ? "Approved" : "Rejected"}: ${review.name}, ${review.location} (${review.id}).`);
  console.log("With npm start running it is live within seconds; otherwise it is in the next build (npm run build).");
}

/** content/reviews.json, written whole (temp file, fsync, rename). */
async function exportApproved(): Promise<void> {
  const approved = (await readReviewStates(dataDir, logger)).filter((r) => r.approved).map(({ decision: _decision, ...review }) => review);
  const file = path.resolve("content", REVIEWS_EXPORT);
  await mkdir(path.dirname(file), { recursive: true });
  const fh = await open(`${file}.tmp`, "w");
  try {
    await fh.writeFile(`${JSON.stringify(approved, null, 2)}\n`);
    await fh.sync();
  } finally {
    await fh.close();
  }
  await rename(`${file}.tmp`, file);
  console.log(`Wrote ${approved.length} approved review(s) to ${path.relative(process.cwd(), file)}. A build without ${dataDir}/reviews.jsonl shows these.`);
}

async function run(): Promise<void> {
  if (values.help) return console.log(usage);
  const [command, id] = positionals;
  if (command === "approve" || command === "reject") return decide(command, id);
  if (command !== undefined) throw new Error(`Unknown command "${command}".\n\n${usage}`);
  if (values.export) return exportApproved();
  const reviews = await readReviewStates(dataDir, logger);
  if (values.json) return console.log(JSON.stringify(reviews, null, 2));
  if (reviews.length === 0) return console.log(`No reviews in ${dataDir}.`);
  const pending = reviews.filter((r) => state(r) === "pending").length;
  console.log(`${table(reviews)}\n\n${reviews.length} review(s), ${pending} waiting for you: npm run reviews -- approve ID`);
}

await run().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
