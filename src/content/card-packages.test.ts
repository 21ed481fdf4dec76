import { build } from "esbuild";
import { describe, expect, it } from "vitest";

// The design card names the packages content is read with: gray-matter for front matter,
// remark and remark-html for Markdown. These are the modules a post and a service page are
// parsed with, as the build bundles them (scripts/build-engine/bundle.ts bundles src/entry-server.tsx, which reaches both).
async function modulesOf(entryPoints: string[]): Promise<string[]> {
  const { metafile } = await build({ entryPoints, bundle: true, platform: "node", format: "esm", write: false, metafile: true, logLevel: "silent", outdir: "out" });
  return Object.keys(metafile.inputs);
}

describe("the design card's packages read the content", () => {
  it("parses posts and service pages with gray-matter, remark, remark-gfm and remark-html, and no other Markdown parser", async () => {
    const modules = await modulesOf(["src/content/posts.ts", "src/content/load-content.ts"]);
    const packages = new Set(modules.flatMap((m) => /^node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(m)?.[1] ?? []));
    for (const name of ["gray-matter", "js-yaml", "remark", "remark-parse", "remark-gfm", "remark-html", "hast-util-sanitize"]) expect(packages).toContain(name);
    expect([...packages].filter((name) => /^(markdown-it|marked|showdown|commonmark)$/.test(name))).toEqual([]);
  }, 30_000);
});
