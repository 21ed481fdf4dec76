import { describe, expect, it } from "vitest";
import { lighthouseResultSchema } from "./lighthouse-result";
import { medianRun } from "./median-run";

const run = (name: string, performance: number, failed = false) => ({
  name,
  parsed: lighthouseResultSchema.parse({
    environment: { benchmarkIndex: 900 },
    categories: { performance: { id: "performance", title: "Performance", score: performance, auditRefs: [] } },
    audits: {},
    ...(failed ? { runtimeError: { code: "NO_NAVSTART", message: "no navigation" } } : {}),
  }),
});

describe("medianRun", () => {
  it("keeps the run with the median Performance score", () => {
    expect(medianRun([run("a", 0.97), run("b", 0.81), run("c", 1)]).name).toBe("a");
  });

  it("takes the lower middle run of an even count, and a run that measured nothing as the lowest", () => {
    expect(medianRun([run("a", 1), run("b", 0.9)]).name).toBe("b");
    expect(medianRun([run("a", 1), run("b", 1, true), run("c", 0.95)]).name).toBe("c");
  });

  it("returns the only run", () => {
    expect(medianRun([run("a", 0.5)]).name).toBe("a");
  });
});
