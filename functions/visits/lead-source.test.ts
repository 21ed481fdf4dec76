import { describe, expect, it } from "vitest";
import { leadSourceOf } from "./lead-source";

describe("leadSourceOf: where a post's visit started, from the forms' hidden fields", () => {
  it("keeps the landing page and only the referring site's domain", () => {
    expect(leadSourceOf({ name: "x", landingPage: "/locations/irmo-sc", referrer: "https://www.google.com" }, "cedarridgetree.example")).toEqual({
      landingPage: "/locations/irmo-sc",
      referrer: "google.com",
    });
    expect(leadSourceOf({ landingPage: "/", referrer: "https://nextdoor.com/p/abc?x=1" }, "cedarridgetree.example")).toEqual({ landingPage: "/", referrer: "nextdoor.com" });
  });

  it("names a visit with no referrer, or from the site itself, direct", () => {
    expect(leadSourceOf({ landingPage: "/contact", referrer: "" }, "cedarridgetree.example")).toEqual({ landingPage: "/contact", referrer: "direct" });
    expect(leadSourceOf({ landingPage: "/contact", referrer: "https://cedarridgetree.example" }, "cedarridgetree.example")).toEqual({ landingPage: "/contact", referrer: "direct" });
  });

  it("drops what breaks the rules instead of refusing the post, and stores nothing when nothing is known", () => {
    expect(leadSourceOf({ landingPage: "https://evil.example/", referrer: "x".repeat(501) }, "cedarridgetree.example")).toEqual({});
    expect(leadSourceOf({ landingPage: ["/a"], referrer: { a: 1 } }, "cedarridgetree.example")).toEqual({});
    expect(leadSourceOf({ landingPage: `/${"a".repeat(300)}`, referrer: "https://bing.com" }, "cedarridgetree.example")).toEqual({ referrer: "bing.com" });
    expect(leadSourceOf({ name: "plain API client" }, "cedarridgetree.example")).toEqual({});
    expect(leadSourceOf("not an object", "cedarridgetree.example")).toEqual({});
  });
});
