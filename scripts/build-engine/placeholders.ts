import type { Site } from "../../src/content/site";

/**
 * The build's one-line reminder while content/site.json still lists
 * placeholders (made-up name, phone, rating... see README "Before launch"),
 * or null once the list is empty. Printed under the build summary
 * (scripts/build-engine/summary.ts formatSummary).
 */
export function placeholderReminder(site: Pick<Site, "placeholders">): string | null {
  const left = site.placeholders;
  if (left.length === 0) return null;
  return `Before launch: ${left.length} placeholder${left.length === 1 ? "" : "s"} still in content (${left.join(", ")}): replace each, then remove it from "placeholders" in content/site.json (README "Before launch").`;
}
