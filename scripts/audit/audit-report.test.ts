import { describe, expect, it } from "vitest";
import { formatReport, judgePage } from "./audit-report";
import { lighthouseResultSchema, type LighthouseResult } from "./lighthouse-result";

const page = { label: "home", path: "/" };

/** A Lighthouse result as lighthouse 12 shapes it, cut down to what the report reads; all 100 and nothing moving. */
function result(change: (r: LighthouseResult) => void = () => {}): LighthouseResult {
  const audit = (id: string, title: string, score: number | null, extra: object = {}) => [id, { id, title, score, scoreDisplayMode: score === null ? "notApplicable" : "binary", ...extra }];
  const r = lighthouseResultSchema.parse({
    environment: { benchmarkIndex: 1200 },
    categories: {
      performance: { id: "performance", title: "Performance", score: 1, auditRefs: [{ id: "total-blocking-time", weight: 30 }, { id: "cumulative-layout-shift", weight: 25 }] },
      accessibility: { id: "accessibility", title: "Accessibility", score: 1, auditRefs: [{ id: "color-contrast", weight: 7 }, { id: "tabindex", weight: 0 }] },
      "best-practices": { id: "best-practices", title: "Best Practices", score: 1, auditRefs: [] },
      seo: { id: "seo", title: "SEO", score: 1, auditRefs: [{ id: "link-text", weight: 1 }] },
    },
    audits: Object.fromEntries([
      audit("total-blocking-time", "Total Blocking Time", 1, { numericValue: 20, displayValue: "20 ms" }),
      audit("cumulative-layout-shift", "Cumulative Layout Shift", 1, { numericValue: 0, displayValue: "0" }),
      audit("largest-contentful-paint", "Largest Contentful Paint", 1, { numericValue: 900 }),
      audit("color-contrast", "Background and foreground colors have a sufficient contrast ratio", 1),
      audit("tabindex", "No element has a tabindex value greater than 0", 0),
      audit("link-text", "Links have descriptive text", 1),
      audit("layout-shifts", "Avoid large layout shifts", null, { details: { type: "table", items: [] } }),
    ]),
  });
  change(r);
  return r;
}

function setAudit(r: LighthouseResult, id: string, fields: Partial<NonNullable<LighthouseResult["audits"][string]>>) {
  const a = r.audits[id];
  if (!a) throw new Error(`no audit ${id} in the fixture`);
  Object.assign(a, fields);
}

function setCategory(r: LighthouseResult, id: string, score: number) {
  const c = r.categories[id];
  if (!c) throw new Error(`no category ${id} in the fixture`);
  c.score = score;
}

describe("judgePage", () => {
  it("passes 100 in every category with CLS 0; a failing audit that weighs nothing does not count", () => {
    const verdict = judgePage(page, result());
    expect(verdict).toMatchObject({ passed: true, scores: { performance: 100, accessibility: 100, "best-practices": 100, seo: 100 }, cls: 0, tbtMs: 20, lcpMs: 900, findings: [] });
  });

  it("reads scores as the report rounds them: 0.995 shows 100, 0.994 shows 99 and fails, naming the audit", () => {
    expect(judgePage(page, result((r) => setCategory(r, "seo", 0.995))).passed).toBe(true);
    const verdict = judgePage(
      page,
      result((r) => {
        setCategory(r, "accessibility", 0.994);
        setAudit(r, "color-contrast", { score: 0 });
      }),
    );
    expect(verdict.passed).toBe(false);
    expect(verdict.scores.accessibility).toBe(99);
    expect(verdict.findings).toEqual(["Accessibility 99: Background and foreground colors have a sufficient contrast ratio"]);
  });

  it("fails any layout shift, even one too small to cost a point, naming what moved", () => {
    const verdict = judgePage(
      page,
      result((r) => {
        setAudit(r, "cumulative-layout-shift", { numericValue: 0.002 });
        setAudit(r, "layout-shifts", { score: 1, details: { type: "table", items: [{ node: { selector: "main > img.hero", nodeLabel: "A crew" }, score: 0.002 }] } });
      }),
    );
    expect(verdict.passed).toBe(false);
    expect(verdict.scores.performance).toBe(100);
    expect(verdict.findings).toEqual(['Cumulative Layout Shift 0.002, must be 0: main > img.hero "A crew" 0.002']);
  });

  it("lists the failing metrics and the scripts behind Total Blocking Time when Performance is under 100", () => {
    const verdict = judgePage(
      page,
      result((r) => {
        setCategory(r, "performance", 0.78);
        setAudit(r, "total-blocking-time", { score: 0.28, numericValue: 970, displayValue: "970 ms" });
        r.audits["bootup-time"] = {
          id: "bootup-time",
          title: "JavaScript execution time",
          score: 1,
          scoreDisplayMode: "metricSavings",
          displayValue: "1.0 s",
          details: { type: "table", items: [{ url: "http://127.0.0.1:40123/assets/entry-client-X.js", total: 925.7 }] },
        };
      }),
    );
    expect(verdict.findings).toEqual(["Performance 78: Total Blocking Time 970 ms", "  JavaScript execution time (1.0 s): /assets/entry-client-X.js 926 ms CPU"]);
  });

  it("fails a run Lighthouse could not measure", () => {
    const verdict = judgePage(page, result((r) => (r.runtimeError = { code: "NO_NAVSTART", message: "no navigation in the trace" })));
    expect(verdict.passed).toBe(false);
    expect(verdict.findings).toEqual(["Lighthouse could not measure the page: no navigation in the trace"]);
  });
});

describe("formatReport", () => {
  it("prints one row per page, then the findings of the pages that failed", () => {
    const ok = judgePage({ label: "blog", path: "/blog" }, result());
    const bad = judgePage(page, result((r) => setCategory(r, "seo", 0.9)));
    const text = formatReport([bad, ok]);
    expect(text.split("\n").slice(0, 3)).toEqual([
      "page  path   Perf  A11y  BP   SEO  LCP    TBT    CLS",
      "home  /      100   100   100  90   0.9 s  20 ms  0.000  FAIL",
      "blog  /blog  100   100   100  100  0.9 s  20 ms  0.000  ok",
    ]);
    expect(text).toContain("home (/):\n  SEO 90: no single audit below 1");
    expect(text).toContain("1 of 2 pages below 100 or shifting.");
  });
});

describe("a page judged by some categories (the owner's desk)", () => {
  const desk = { label: "desk home", path: "/owner", judged: ["accessibility", "best-practices"] as const };

  it("passes on those alone: SEO and Performance not run, no layout shift measured", () => {
    const run = result((r) => {
      delete r.categories.performance;
      delete r.categories.seo;
      delete r.audits["cumulative-layout-shift"];
    });
    const verdict = judgePage(desk, run);
    expect(verdict.passed).toBe(true);
    expect(verdict.scores.seo).toBeNull();
  });

  it("fails below 100 in one of them", () => {
    const run = result((r) => {
      setCategory(r, "accessibility", 0.93);
      setAudit(r, "color-contrast", { score: 0 });
    });
    const verdict = judgePage(desk, run);
    expect(verdict.passed).toBe(false);
    expect(verdict.findings).toEqual(["Accessibility 93: Background and foreground colors have a sufficient contrast ratio"]);
  });
});
