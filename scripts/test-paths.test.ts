import { readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { screenshotDir } from "../tests/screenshots";

/**
 * No test writes outside its checkout and the system temp folder (issue 41): a test that saved
 * screenshots to a folder of the machine it was written on failed for every other user. The tests
 * name no absolute place on the machine (strings and templates in tests/ and every *.test.ts);
 * what they need of the system comes from scripts/test-parts.ts, where they write from os.tmpdir()
 * or the checkout, and screenshots only when asked (tests/screenshots.ts).
 */
const MACHINE_FOLDERS = /^\/(?:bin|boot|etc|home|lib|lib64|media|mnt|opt|root|run|sbin|srv|usr|var|work|data|shots|Users|Volumes|private|Library)(?:\/|$)/;

/** The string and template texts of a TypeScript file that name a folder of the machine. */
export function machinePaths(source: string): string[] {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, ts.LanguageVariant.JSX, source);
  const found: string[] = [];
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    if (kind === ts.SyntaxKind.CloseBraceToken) kind = scanner.reScanTemplateToken(false);
    const text =
      kind === ts.SyntaxKind.StringLiteral || kind === ts.SyntaxKind.NoSubstitutionTemplateLiteral || kind === ts.SyntaxKind.TemplateHead ? scanner.getTokenValue() : undefined;
    if (text !== undefined && MACHINE_FOLDERS.test(text)) found.push(text);
  }
  return found;
}

function testFiles(): string[] {
  const inTests = readdirSync("tests", { recursive: true, withFileTypes: true }).filter((e) => e.isFile() && /\.tsx?$/.test(e.name));
  const beside = ["src", "functions", "scripts"].flatMap((root) =>
    readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile() && /\.test\.tsx?$/.test(e.name)),
  );
  return [...inTests, ...beside].map((e) => path.join(e.parentPath, e.name));
}

describe("the tests' paths", () => {
  it("name no folder of the machine outside the checkout and the temp folder", () => {
    const files = testFiles();
    expect(files.length).toBeGreaterThan(100);
    const named = files.flatMap((file) => (file === path.join("scripts", "test-paths.test.ts") ? [] : machinePaths(readFileSync(file, "utf8")).map((p) => `${file}: ${p}`)));
    expect(named).toEqual([]);
  });

  it("find such a folder in strings and templates, not in URL paths (the check can fail)", () => {
    const source = 'const a = "/work/shots/leads"; const b = `/home/${user}/x`; const c = "/owner/posts"; const d = `${tmp}/var/x`; const e = \'/usr/sbin/nginx\';';
    expect(machinePaths(source)).toEqual(["/work/shots/leads", "/home/", "/usr/sbin/nginx"]);
  });

  it("keep screenshots in the checkout or the temp folder, only when asked", () => {
    const cwd = process.cwd();
    expect(screenshotDir({}, cwd)).toBeUndefined();
    expect(screenshotDir({ SCREENSHOT_DIR: "test-results/shots" }, cwd)).toBe(path.join(cwd, "test-results", "shots"));
    expect(screenshotDir({ SCREENSHOT_DIR: path.join(tmpdir(), "shots") }, cwd)).toBe(path.join(tmpdir(), "shots"));
    expect(() => screenshotDir({ SCREENSHOT_DIR: path.join(path.parse(cwd).root, "srv", "shots") }, cwd)).toThrow(/inside the checkout/);
    const checkout = path.join(path.parse(cwd).root, "srv", "site");
    expect(screenshotDir({ SCREENSHOT_DIR: "test-results" }, checkout)).toBe(path.join(checkout, "test-results"));
    expect(() => screenshotDir({ SCREENSHOT_DIR: "../elsewhere" }, checkout)).toThrow(/inside the checkout/);
  });
});
