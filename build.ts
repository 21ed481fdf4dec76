// `npm run build [-- --content DIR --out DIR] [-- --strict]`: renders the whole site into dist/.
// --strict makes a link to a page of this site that does not exist an error (CI builds strict).
// The pipeline is in scripts/build-engine/run-build.ts; this file reads the arguments and prints.
import { parseArgs } from "node:util";
import { formatProblem, isContentError } from "./src/content/content-error";
import { storeFromEnv } from "./functions/store/create-store";
import { BudgetError } from "./scripts/build-engine/budgets";
import { runBuild } from "./scripts/build-engine/run-build";
import { formatSummary } from "./scripts/build-engine/summary";

const { values } = parseArgs({
  options: {
    content: { type: "string", default: "content" },
    out: { type: "string", default: "dist" },
    drafts: { type: "boolean", default: false },
    quiet: { type: "boolean", default: false },
    strict: { type: "boolean", default: false },
  },
});

const tty = process.stdout.isTTY;
let lastProgress = "";
const onProgress = (line: string) => {
  if (values.quiet) return;
  // On a terminal one line is rewritten; in logs (CI) only phase changes are printed.
  if (tty) process.stdout.write(`\r\x1b[K${line}`);
  else if (!line.startsWith("rendered") || line.endsWith(line.split("/")[1] ?? "")) {
    if (line.split(" ")[0] !== lastProgress.split(" ")[0] || !line.startsWith("rendered")) console.log(line);
  }
  lastProgress = line;
};

try {
  const summary = await runBuild({
    root: process.cwd(),
    contentDir: values.content,
    outDir: values.out,
    mode: values.drafts ? "development" : "production",
    onProgress,
    strict: values.strict,
    // The approved reviews of the servers' store (DATA_DIR or DATABASE_URL), as npm start shows them.
    approvedReviews: async () => {
      const store = await storeFromEnv(process.env);
      try {
        return await store.reviews.approved();
      } finally {
        await store.close();
      }
    },
    onWarning: (problems) => {
      if (tty) process.stdout.write("\r\x1b[K");
      console.warn(`Warning: ${problems.length} link(s) lead to no page of this site (npm run build -- --strict makes this an error):`);
      for (const p of problems) console.warn(`  ${formatProblem(p)}`);
    },
  });
  if (tty && !values.quiet) process.stdout.write("\r\x1b[K");
  if (!values.quiet) console.log(formatSummary(summary));
} catch (err) {
  if (tty) process.stdout.write("\r\x1b[K");
  if (err instanceof BudgetError) {
    console.error(`Build failed. Nothing in ${values.out}/ was changed.\n${err.message}`);
  } else if (isContentError(err)) {
    console.error(`Build failed: the content has ${err.problems.length} problem(s). Nothing in ${values.out}/ was changed.\n${err.message}`);
  } else {
    console.error(`Build failed. Nothing in ${values.out}/ was changed.`);
    console.error(err);
  }
  process.exitCode = 1;
}
