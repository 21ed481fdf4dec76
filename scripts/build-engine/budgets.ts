import { formatProblem, type ContentProblem } from "../../src/content/content-error";

/**
 * What a first visit may download, gzip bytes (issue 12's budgets; the build
 * fails past them, naming the page). A page without a form loads only the site
 * script; a page with a form island also loads React and the form.
 */
export const budgets = {
  /** JavaScript on a page without islands. */
  js: 10_000,
  /**
   * JavaScript on a page with islands (/contact, /reviews): React DOM alone is 65 KB of it.
   * Measured against it (the build's table, KB of 1,024 bytes): /contact 94.1 KB (its schema and zod load on first submit), /reviews 78.8 KB.
   */
  jsWithIslands: 100_000,
  /** The stylesheet every page loads. */
  css: 10_000,
  /**
   * The owner's desk (/owner, never a page of dist/): its script, the chunks it imports at once
   * and its stylesheet, checked when the desk is built (scripts/build-engine/desk-bundle.ts). Passkey
   * code and, later, editors load when their screen shows them.
   */
  desk: 150_000,
  /**
   * The post editor's screen (issue 37): the desk's first load, the editor's feature and the
   * editor (Milkdown: ProseMirror with remark, its CommonMark and GFM parts), loaded on that
   * screen only. Every other desk screen keeps `desk`.
   */
  deskEditor: 230_000,
} as const;

/** Pages over budget: the build stops before touching the live site, like a content error. */
export class BudgetError extends Error {
  constructor(readonly problems: ContentProblem[]) {
    super(`${problems.length} page weight(s) over budget:\n${problems.map((p) => `  ${formatProblem(p)}`).join("\n")}`);
  }
}

export interface PageWeight {
  path: string;
  islands: readonly string[];
  jsGzip: number;
}

/** The pages, and the stylesheet, over their budget, as build problems (the build prints `file: field: problem`). */
export function overBudget(pages: readonly PageWeight[], cssGzip: number): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const fix = "make it smaller or raise the budget in scripts/build-engine/budgets.ts";
  for (const p of pages) {
    const limit = p.islands.length > 0 ? budgets.jsWithIslands : budgets.js;
    if (p.jsGzip <= limit) continue;
    const what = p.islands.length > 0 ? `JavaScript with island(s) ${p.islands.join(", ")}` : "JavaScript";
    problems.push({ file: p.path, field: "page weight", problem: `${what} is ${p.jsGzip} bytes gzipped, over the budget of ${limit}: ${fix}` });
  }
  if (cssGzip > budgets.css) problems.push({ file: "stylesheet", field: "page weight", problem: `CSS is ${cssGzip} bytes gzipped, over the budget of ${budgets.css}: ${fix}` });
  return problems;
}
