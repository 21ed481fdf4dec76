import type { LighthouseResult } from "./lighthouse-result";

/**
 * Pure: of several runs of one page, the one with the median Performance score
 * (Lighthouse's own advice against run-to-run noise); with an even count the lower
 * of the middle two, so noise never passes a page. A run that could not measure
 * the page counts as the lowest.
 */
export function medianRun<T extends { parsed: LighthouseResult }>(runs: readonly T[]): T {
  const performance = (r: T) => (r.parsed.runtimeError ? -1 : (r.parsed.categories.performance?.score ?? -1));
  const sorted = [...runs].sort((a, b) => performance(a) - performance(b));
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!median) throw new Error("medianRun needs at least one run");
  return median;
}
