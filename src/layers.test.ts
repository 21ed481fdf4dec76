import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * src/ is the site and the contract it shares; the functions (the servers'
 * side) import from it, never the other way, so the site builds and bundles
 * without server code. Comments included: they name the other end by file, not
 * by a path into functions.
 */
describe("src/", () => {
  it("names nothing in the functions folder", async () => {
    const entries = await readdir("src", { recursive: true, withFileTypes: true });
    const offenders: string[] = [];
    for (const e of entries) {
      if (!e.isFile() || !/\.(ts|tsx|css)$/.test(e.name)) continue;
      const file = join(e.parentPath, e.name);
      const lines = (await readFile(file, "utf8")).split("\n");
      lines.forEach((line, i) => {
        if (/functions\//.test(line)) offenders.push(`${file}:${i + 1}`);
      });
    }
    expect(offenders).toEqual([]);
  });
});
