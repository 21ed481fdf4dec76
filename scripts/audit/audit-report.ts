import { categoryIds, type AuditPage, type CategoryId } from "./audit-pages";
import { detailItemsSchema, type DetailItem, type LighthouseAudit, type LighthouseResult } from "./lighthouse-result";


const columnTitles: Record<CategoryId, string> = { performance: "Perf", accessibility: "A11y", "best-practices": "BP", seo: "SEO" };

export interface PageVerdict {
  page: AuditPage;
  /** 0-100 as Lighthouse shows them (rounded); null when the category did not run. */
  scores: Record<CategoryId, number | null>;
  lcpMs?: number;
  tbtMs?: number;
  cls?: number;
  benchmarkIndex: number;
  /** What to read when the page fails: one line each. */
  findings: string[];
  passed: boolean;
}

// What holds Performance back, beyond the metric scores themselves: listed when they find something.
const performanceDiagnostics = ["render-blocking-resources", "unused-javascript", "unused-css-rules", "uses-responsive-images", "offscreen-images", "modern-image-formats", "total-byte-weight"];
// Listed whenever Performance is under 100: the scripts behind Total Blocking Time, even when
// their own audit passes (it only fails past 2 s of CPU, TBT counts from 50 ms tasks).
const alwaysListed = ["bootup-time"];

/**
 * Pure: the verdict on one Lighthouse run. A page passes with 100 in every category it is
 * judged by (all four unless the page says otherwise; as the report rounds) and, when
 * Performance is one of them, no layout shift at all (CLS 0, not just a good CLS).
 */
export function judgePage(page: AuditPage, result: LighthouseResult): PageVerdict {
  const judged = page.judged ?? categoryIds;
  const scores: Record<CategoryId, number | null> = { performance: null, accessibility: null, "best-practices": null, seo: null };
  for (const id of categoryIds) {
    const score = result.categories[id]?.score;
    scores[id] = typeof score === "number" ? Math.round(score * 100) : null;
  }
  const metric = (id: string) => (result.runtimeError ? undefined : result.audits[id]?.numericValue);
  const cls = metric("cumulative-layout-shift");
  const findings: string[] = [];
  if (result.runtimeError) findings.push(`Lighthouse could not measure the page: ${result.runtimeError.message}`);
  else {
    for (const id of judged) {
      if (scores[id] === 100) continue;
      const failing = failingAudits(result, id);
      findings.push(`${result.categories[id]?.title ?? id} ${scores[id] ?? "not run"}: ${failing.length ? failing.map(describeAudit).join("; ") : "no single audit below 1"}`);
      if (id === "performance") findings.push(...limitsOfPerformance(result));
    }
    // Layout shift is measured with Performance, which only the public pages are judged by.
    if (judged.includes("performance")) {
      if (cls === undefined) findings.push("Cumulative Layout Shift was not measured");
      else if (cls > 0) findings.push(`Cumulative Layout Shift ${cls.toFixed(3)}, must be 0: ${layoutShifts(result).join(", ") || "no element named"}`);
    }
  }
  const passed = !result.runtimeError && judged.every((id) => scores[id] === 100) && (!judged.includes("performance") || cls === 0);
  return { page, scores, lcpMs: metric("largest-contentful-paint"), tbtMs: metric("total-blocking-time"), cls, benchmarkIndex: result.environment.benchmarkIndex, findings, passed };
}

/** Audits of a category that count towards its score and did not get full marks. */
function failingAudits(result: LighthouseResult, categoryId: CategoryId): LighthouseAudit[] {
  const refs = result.categories[categoryId]?.auditRefs ?? [];
  return refs
    .filter((ref) => ref.weight > 0)
    .flatMap((ref) => result.audits[ref.id] ?? [])
    .filter((a) => a.scoreDisplayMode === "error" || (a.score !== null && a.score < 1));
}

function describeAudit(a: LighthouseAudit): string {
  if (a.scoreDisplayMode === "error") return `${a.title} (error: ${a.errorMessage ?? "unknown"})`;
  return a.displayValue ? `${a.title} ${a.displayValue}` : a.title;
}

/** The LCP element and the diagnostics that found something, each with its worst items. */
function limitsOfPerformance(result: LighthouseResult): string[] {
  const lines: string[] = [];
  const lcp = items(result.audits["largest-contentful-paint-element"]).flatMap((i) => i.items ?? [i]).find((i) => i.node);
  if (lcp?.node) lines.push(`  LCP element: ${describeNode(lcp.node)}`);
  for (const id of [...performanceDiagnostics, ...alwaysListed]) {
    const audit = result.audits[id];
    if (!audit || audit.score === null || (audit.score >= 1 && !alwaysListed.includes(id))) continue;
    const worst = items(audit).slice(0, 3).map(describeItem).filter(Boolean);
    lines.push(`  ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ""}${worst.length ? `: ${worst.join(", ")}` : ""}`);
  }
  return lines;
}

/** The elements that moved, largest share first (listed whatever the audit's own score: CLS must be 0). */
const layoutShifts = (result: LighthouseResult): string[] => items(result.audits["layout-shifts"]).slice(0, 3).map(describeItem).filter(Boolean);

function items(audit: LighthouseAudit | undefined): (DetailItem & { items?: DetailItem[] })[] {
  const parsed = detailItemsSchema.safeParse(audit?.details);
  return parsed.success ? parsed.data.items : [];
}

function describeNode(node: NonNullable<DetailItem["node"]>): string {
  const label = node.nodeLabel ? ` "${node.nodeLabel.slice(0, 60)}"` : "";
  return `${node.selector ?? node.snippet ?? "?"}${label}`;
}

function describeItem(item: DetailItem): string {
  const what = item.url ? shortUrl(item.url) : item.node ? describeNode(item.node) : "";
  if (!what) return "";
  if (item.wastedBytes) return `${what} ${kib(item.wastedBytes)} unused`;
  if (item.wastedMs) return `${what} ${Math.round(item.wastedMs)} ms`;
  if (item.total) return `${what} ${Math.round(item.total)} ms CPU`;
  if (item.score) return `${what} ${item.score.toFixed(3)}`;
  return what;
}

/** Same-origin URLs as paths: the audit server's port changes every run. */
const shortUrl = (url: string) => url.replace(/^https?:\/\/(127\.0\.0\.1|localhost)(:\d+)?/, "");
const kib = (bytes: number) => `${Math.round(bytes / 1024)} KiB`;

/** The table npm run audit prints, then what to fix on each page that failed. */
export function formatReport(verdicts: PageVerdict[]): string {
  const header = ["page", "path", ...categoryIds.map((id) => columnTitles[id]), "LCP", "TBT", "CLS", ""];
  const rows = verdicts.map((v) => [
    v.page.label,
    v.page.path,
    ...categoryIds.map((id) => String(v.scores[id] ?? "-")),
    v.lcpMs === undefined ? "-" : `${(v.lcpMs / 1000).toFixed(1)} s`,
    v.tbtMs === undefined ? "-" : `${Math.round(v.tbtMs)} ms`,
    v.cls === undefined ? "-" : v.cls.toFixed(3),
    v.passed ? "ok" : "FAIL",
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]?.length ?? 0)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join("  ").trimEnd();
  const failed = verdicts.filter((v) => !v.passed);
  const benchmarks = verdicts.map((v) => Math.round(v.benchmarkIndex));
  return [
    line(header),
    ...rows.map(line),
    ...failed.flatMap((v) => [``, `${v.page.label} (${v.page.path}):`, ...v.findings.map((f) => `  ${f}`)]),
    ``,
    // Simulated throttling scales by this: a busy or slow machine gives a lower Performance.
    `CPU benchmark index ${Math.min(...benchmarks)}-${Math.max(...benchmarks)} (Lighthouse warns below 1000; the machine's other work lowers it).`,
    failed.length ? `${failed.length} of ${verdicts.length} pages below 100 or shifting.` : `All ${verdicts.length} pages: 100 in every category, CLS 0.`,
  ].join("\n");
}
