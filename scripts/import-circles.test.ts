import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * No file of the code imports itself through others, type imports included: a circle makes the
 * order modules load in matter, and ties parts together so none can change alone (the desk's
 * sections register in functions/desk/sections.ts and import only functions/desk/desk-contract.ts
 * of the app). Tests are left out: they may import anything.
 */
const roots = ["src", "functions", "scripts", "tests"];

function codeFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(ts|tsx|mts)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && !e.parentPath.includes("node_modules"))
    .map((e) => path.resolve(e.parentPath, e.name));
}

/** Each file's relative imports, resolved to files (TypeScript's own scan: imports, exports, `import()`, `import type`). */
export function importGraph(files: string[]): Map<string, string[]> {
  const known = new Set(files);
  const resolve = (from: string, spec: string) => {
    if (!spec.startsWith(".")) return undefined;
    const base = path.resolve(path.dirname(from), spec);
    return [base, `${base}.ts`, `${base}.tsx`, base.replace(/\.m?js$/, ".ts"), path.join(base, "index.ts")].find((f) => known.has(f));
  };
  return new Map(
    files.map((file) => [
      file,
      ts
        .preProcessFile(readFileSync(file, "utf8"), true, true)
        .importedFiles.map((i) => resolve(file, i.fileName))
        .filter((f): f is string => f !== undefined),
    ]),
  );
}

/** The groups of files that reach each other (Tarjan's strongly connected components of more than one file, or a file importing itself). */
export function importCircles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      group.push(w);
    } while (w !== v);
    if (group.length > 1 || graph.get(v)?.includes(v)) circles.push(group.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return circles;
}

describe("imports", () => {
  it("form no circle anywhere in the code, the desk's files included", () => {
    const files = roots.filter((r) => existsSync(r)).flatMap(codeFiles);
    expect(files.some((f) => f.endsWith(path.join("functions", "desk", "desk-app.ts")))).toBe(true);
    const circles = importCircles(importGraph(files)).map((group) => group.map((f) => path.relative(process.cwd(), f)).join(" -> "));
    expect(circles).toEqual([]);
  });

  it("finds a circle made of type imports (the check can fail)", () => {
    const graph = importGraph([]);
    graph.set("/a.ts", ["/b.ts"]);
    graph.set("/b.ts", ["/c.ts"]);
    graph.set("/c.ts", ["/a.ts"]);
    graph.set("/d.ts", ["/a.ts"]);
    expect(importCircles(graph)).toEqual([["/a.ts", "/b.ts", "/c.ts"]]);
    const text = 'import type { X } from "./b";\nexport { y } from "./c";\nconst z = () => import("./d");\n';
    expect(ts.preProcessFile(text, true, true).importedFiles.map((i) => i.fileName)).toEqual(["./b", "./c", "./d"]);
  });
});
