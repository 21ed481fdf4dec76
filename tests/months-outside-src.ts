import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";

// A module only the bundles reach, in a top-level folder of its own (not src/,
// not scripts/build-engine/), whose change shows on every dated page: in a copy of the checkout
// (tests/repo-copy.ts), the month names of src/format/format-date.ts move to
// calendar/months.ts and format-date.ts imports them from there.

export const monthsFile = join("calendar", "months.ts");

export interface MovedMonths {
  /** Rewrites calendar/months.ts with each month name passed through `name`. */
  rename: (name: (month: string) => string) => Promise<void>;
}

export async function moveMonthsOutOfSrc(repoDir: string): Promise<MovedMonths> {
  const formatDate = join(repoDir, "src", "format", "format-date.ts");
  const text = await readFile(formatDate, "utf8");
  const list = text.match(/const MONTHS = \[([^\]]*)\] as const;/);
  const months = [...(list?.[1] ?? "").matchAll(/"(\w+)"/g)].map((m) => m[1] ?? "");
  if (!list || months.length !== 12) throw new Error(`src/format/format-date.ts no longer lists the months as "const MONTHS = [...] as const": update ${monthsFile}'s fixture`);
  const write = (names: string[]) => writeFile(join(repoDir, monthsFile), `export const MONTHS = ${JSON.stringify(names)} as const;\n`);
  await mkdir(join(repoDir, "calendar"), { recursive: true });
  await write(months);
  await writeFile(formatDate, text.replace(list[0], 'import { MONTHS } from "../../calendar/months";'));
  return { rename: (name) => write(months.map(name)) };
}

/** A date as the post page spells it, with its month in capitals ("MAY 20, 2025"): what `rename(toUpperCase)` makes. */
export const capitalDate = /\b[A-Z]{3,9} \d{1,2}, \d{4}\b/;
