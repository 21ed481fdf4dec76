import { access, readdir, readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";

// The docs name files of the repository to say where things are; a file moved or renamed
// without its docs would send the next engineer to nothing. Every path written in `code`
// that starts at a top-level folder of code, and every relative link outside the Markdown
// examples, must exist. (Paths under content/ are left out: the docs show the owner files to write.)
const topLevel = /^(?:src|functions|scripts|tests|deploy|docs|\.github)\/[\w.\-/]*$|^(?:build\.ts|Dockerfile|package\.json|tsconfig\.json|vitest\.config\.ts)$/;

async function documents(): Promise<string[]> {
  const docs = (await readdir("docs")).filter((name) => name.endsWith(".md")).map((name) => join("docs", name));
  return ["README.md", ...docs];
}

/** Paths in backticks (a pattern such as `src/islands/<name>.tsx` is not a path) and relative link targets. */
export function namedPaths(markdown: string, from: string): string[] {
  const inCode = [...markdown.matchAll(/`([^`\s]+)`/g)].map(([, code = ""]) => code.replace(/[:,;]$/, "")).filter((p) => topLevel.test(p));
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, "").replace(/`[^`]*`/g, "");
  const linked = [...prose.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)]
    .map(([, target = ""]) => target)
    .filter((target) => !/^[a-z]+:/.test(target))
    .map((target) => join(dirname(from), target));
  return [...new Set([...inCode, ...linked])];
}

async function missing(path: string): Promise<boolean> {
  return access(path).then(
    () => false,
    () => true,
  );
}

describe("the docs' paths", () => {
  it("finds code paths and links, and leaves patterns and web addresses alone", () => {
    const found = namedPaths("`src/routes.ts`, `src/islands/<name>.tsx`, `npm start`, [a](deploy.md#x), [b](https://example.com)\n```md\n[c](./photo.jpg)\n```", "docs/architecture.md");
    expect(found).toEqual(["src/routes.ts", "docs/deploy.md"]);
  });

  it("names only files and folders that exist", async () => {
    const problems: string[] = [];
    for (const doc of await documents()) {
      const text = await readFile(doc, "utf8");
      for (const path of namedPaths(text, doc)) if (await missing(path)) problems.push(`${doc}: ${path}`);
    }
    expect(problems).toEqual([]);
  });
});
