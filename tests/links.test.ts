import { LinkChecker, LinkState } from "linkinator";
import { describe, expect, inject, it } from "vitest";

describe("links", () => {
  it("has no broken internal link or fragment anywhere on the served site", async () => {
    const base = inject("baseUrl");
    const checker = new LinkChecker();
    const result = await checker.check({
      path: `${base}/`,
      recurse: true,
      checkFragments: true,
      checkCss: true,
      concurrency: 8,
      // No network here, and external sites are not ours to test: only this origin is crawled.
      linksToSkip: async (link) => !link.startsWith(base),
    });
    const broken = result.links.filter((l) => l.state === LinkState.BROKEN).map((l) => `${l.status} ${l.url} (on ${l.parent})`);
    expect(broken).toEqual([]);
    const checked = result.links.filter((l) => l.state === LinkState.OK).length;
    // Home, contact, blog, 6 services, 20 towns and the posts at least.
    expect(checked).toBeGreaterThan(30);
  });
});
