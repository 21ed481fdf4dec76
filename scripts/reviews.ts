// The owner's view of reviews: `npm run reviews [-- options | approve ID | reject ID]`.
// Reads the store (DATA_DIR, default ./data; or DATABASE_URL); approve/reject record a
// decision through the same path as the email links and the desk (`store.reviews.decide`).
import { mkdir, open, rename } from "node:fs/promises";
import { userInfo } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { formatDate, renderTable } from "../functions/contact/submissions-report";
import { storeFromEnv } from "../functions/store/create-store";
import type { ReviewItem } from "../functions/store/review-store";
import type { Store } from "../functions/store/store";
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

const logger = { warn: (m: string) => console.error(m), error: (m: string) => console.error(m) };

function table(reviews: ReviewItem[]): string {
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
    reviews.map((r) => [r.state, formatDate(r.createdAt), "*".repeat(r.rating), r.name, r.location, r.id.slice(0, 8), r.text]),
  );
}

async function decide(store: Store, action: "approve" | "reject", prefix: string | undefined): Promise<void> {
  const reviews = await store.reviews.list();
  const found = prefix ? reviews.filter((r) => r.id.startsWith(prefix)) : [];
  if (found.length !== 1 || !prefix) {
    const why = !prefix ? "Name a review by its id." : found.length === 0 ? `No review with id ${prefix}.` : `${found.length} reviews start with ${prefix}: give more of the id.`;
    throw new Error(`${why} npm run reviews lists them.`);
  }
  const [review] = found;
  if (!review) return;
  const decided = await store.reviews.decide({ id: review.id, approved: action === "approve", via: "cli", by: `${userInfo().username} on the server` });
  if (!decided.ok) throw new Error(`No review with id ${review.id} any more. npm run reviews lists them.`);
  console.log(`${action === "approve" ? "Approved" : "Rejected"}: ${review.name}, ${review.location} (${review.id}).`);
  console.log("With npm start running it is live within seconds; otherwise it is in the next build (npm run build).");
}

/** content/reviews.json, written whole (temp file, fsync, rename). */
async function exportApproved(store: Store): Promise<void> {
  const approved = (await store.reviews.approved()) ?? [];
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
  console.log(`Wrote ${approved.length} approved review(s) to ${path.relative(process.cwd(), file)}. A build without the store (${store.description}) shows these.`);
}

async function run(store: Store): Promise<void> {
  const [command, id] = positionals;
  if (command === "approve" || command === "reject") return decide(store, command, id);
  if (command !== undefined) throw new Error(`Unknown command "${command}".\n\n${usage}`);
  if (values.export) return exportApproved(store);
  const reviews = await store.reviews.list();
  if (values.json) return console.log(JSON.stringify(reviews, null, 2));
  if (reviews.length === 0) return console.log(`No reviews in ${store.description}.`);
  const pending = reviews.filter((r) => r.state === "pending").length;
  console.log(`${table(reviews)}\n\n${reviews.length} review(s), ${pending} waiting for you: npm run reviews -- approve ID`);
}

async function main(): Promise<void> {
  if (values.help) return console.log(usage);
  const store = await storeFromEnv(process.env, { dataDir: values.data, logger });
  try {
    await run(store);
  } finally {
    await store.close();
  }
}

await main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
