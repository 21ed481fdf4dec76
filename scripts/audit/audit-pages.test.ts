import { describe, expect, it } from "vitest";
import { pickAuditPages } from "./audit-pages";

const sitemap = (paths: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset>\n${paths.map((p) => `<url><loc>https://tree.example${p}</loc></url>`).join("\n")}\n</urlset>`;

describe("pickAuditPages", () => {
  it("takes home, the first service, town and post, the blog, contact, the booking page and our work from the sitemap", () => {
    const pages = pickAuditPages(
      sitemap([
        "/",
        "/contact",
        "/blog",
        "/blog/page/2",
        "/blog/category/storm-prep",
        "/blog/category/storm-prep/page/2",
        "/blog/newest-post",
        "/blog/older-post",
        "/services",
        "/services/stump-grinding",
        "/services/tree-removal",
        "/locations",
        "/locations/irmo-sc",
        "/book-estimate",
        "/our-work",
      ]),
    );
    expect(pages).toEqual([
      { label: "home", path: "/" },
      { label: "service", path: "/services/stump-grinding" },
      { label: "town", path: "/locations/irmo-sc" },
      { label: "blog", path: "/blog" },
      { label: "post", path: "/blog/newest-post" },
      { label: "contact", path: "/contact" },
      { label: "booking", path: "/book-estimate" },
      { label: "our work", path: "/our-work" },
    ]);
  });

  it("names the kind of page the site no longer has", () => {
    expect(() => pickAuditPages(sitemap(["/", "/contact", "/blog", "/services", "/services/a", "/locations/b"]))).toThrow("sitemap.xml lists no post page to audit");
  });
});
