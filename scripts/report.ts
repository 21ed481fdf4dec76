// `npm run report`: the week's visits, call taps, messages and reviews in the terminal,
// as the Monday email shows them. Reads the store (DATA_DIR, default ./data; or
// DATABASE_URL) while the server may be running; it only reads. Counts are written every
// few seconds: the last ones may be missing.
import path from "node:path";
import { parseArgs } from "node:util";
import { storeFromEnv } from "../functions/store/create-store";
import { leadsIn, loadSummaryNames, summaryFor } from "../functions/visits/report";
import { summaryText } from "../functions/visits/summary-text";
import { mondayOf } from "../functions/visits/weekly-mail";
import { addDays, businessDay } from "../src/format/business-time";
import { loadSite } from "../src/content/load-content";

const usage = `Usage: npm run report [-- options]

The website's week: visitors, call taps, messages and reviews per day, the pages
people read, where they came from, and which towns and services brought leads,
against the week before. Days are on the business's clock (timeZone in content/site.json).

  --last-week     the week that ended last Sunday, exactly as Monday's email has it
                  (default: the seven days ending today)
  --json          print the numbers as JSON
  --data DIR      read another data folder (default: $DATA_DIR or ./data)
  --help          show this text`;

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    "last-week": { type: "boolean", default: false },
    json: { type: "boolean", default: false },
    data: { type: "string" },
    help: { type: "boolean", default: false },
  },
  strict: true,
});

if (values.help) {
  console.log(usage);
  process.exit(0);
}

const contentDir = path.resolve("content");
// Warnings about skipped lines go to stderr so --json output stays clean.
const logger = { warn: (m: string) => console.error(m), error: (m: string) => console.error(m) };
const site = await loadSite(contentDir);
const today = businessDay(new Date(), site.timeZone);
const to = values["last-week"] ? addDays(mondayOf(today), -1) : today;
const summary = await storeFromEnv(process.env, { dataDir: values.data, logger })
  .then((store) =>
    summaryFor(to, {
      visits: store.visits,
      timeZone: site.timeZone,
      names: () => loadSummaryNames(contentDir, logger),
      leads: leadsIn(store, site.timeZone),
    }).finally(() => store.close()),
  )
  .catch((error: unknown) => {
    // The store cannot be read (the database down): one line, no stack.
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  });
console.log(values.json ? JSON.stringify(summary, null, 2) : summaryText(summary, site.name, site.timeZone));
