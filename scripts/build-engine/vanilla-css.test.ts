import { build } from "esbuild";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { vanillaCss } from "./vanilla-css";

// Inside node_modules/.cache, so the fixture's imports of @vanilla-extract/css resolve to this repository's copy.
let root = "";
beforeAll(async () => {
  await mkdir(join(process.cwd(), "node_modules", ".cache"), { recursive: true });
  root = await mkdtemp(join(process.cwd(), "node_modules", ".cache", "vanilla-css-"));
  await mkdir(join(root, "src"), { recursive: true });
  await writeFile(join(root, "package.json"), JSON.stringify({ name: "fixture-site" }));
  await writeFile(join(root, "src", "theme.css.ts"), `import { createGlobalTheme } from "@vanilla-extract/css";\nexport const vars = createGlobalTheme(":root", { color: { brand: "#2f6b3a" } });\n`);
  await writeFile(
    join(root, "src", "card.css.ts"),
    [
      `import { globalStyle, style, styleVariants } from "@vanilla-extract/css";`,
      `import { vars } from "./theme.css";`,
      `const base = style({ padding: 4 });`,
      `export const card = style([base, { color: vars.color.brand }]);`,
      `export const tone = styleVariants({ quiet: [base], loud: [base, { fontWeight: 700 }] });`,
      `export const used = style([base]);`,
      `globalStyle(\`\${used} p\`, { margin: 0 });`,
      `export const sizes = { small: 1, names: ["a", "b"] };`,
    ].join("\n"),
  );
  await writeFile(join(root, "src", "card.ts"), `import { card, tone, sizes } from "./card.css";\nexport const classes = { card, quiet: tone.quiet, loud: tone.loud, sizes };\n`);
});
afterAll(() => rm(root, { recursive: true, force: true }));

async function both() {
  const css = vanillaCss(root);
  const run = (outputCss: boolean) =>
    build({ absWorkingDir: root, entryPoints: ["src/card.ts"], bundle: true, write: false, format: "esm", outdir: join(root, "out"), logLevel: "silent", plugins: [css.plugin(outputCss)] });
  const [browser, server] = await Promise.all([run(false), run(true)]);
  return { css, browser, server };
}

const js = (r: Awaited<ReturnType<typeof build>>) => r.outputFiles?.find((f) => f.path.endsWith(".js"))?.text ?? "";
const classesIn = async (code: string): Promise<Record<string, unknown>> =>
  ((await import(`data:text/javascript;base64,${Buffer.from(code).toString("base64")}`)) as { classes: Record<string, unknown> }).classes;

describe("vanillaCss", () => {
  it("gives both runs the same class names, and only the server run the stylesheet", async () => {
    const { browser, server } = await both();
    const fromBrowser = await classesIn(js(browser));
    const fromServer = await classesIn(js(server));
    expect(fromBrowser).toEqual(fromServer);
    expect(fromServer.sizes).toEqual({ small: 1, names: ["a", "b"] });
    expect(String(fromServer.card)).toMatch(/^\S+ \S+$/);
    expect(browser.outputFiles?.some((f) => f.path.endsWith(".css"))).toBe(false);
    const sheet = server.outputFiles?.find((f) => f.path.endsWith(".css"))?.text ?? "";
    expect(sheet).toContain("--");
    expect(sheet).toContain("#2f6b3a");
    expect(sheet).toContain("font-weight: 700");
    expect(sheet).toMatch(/ p \{\s*margin: 0;/);
  });

  it("lists what the .css.ts files were made from, for the bundle cache", async () => {
    const { css } = await both();
    expect(css.sourceFiles().sort()).toEqual(["src/card.css.ts", "src/theme.css.ts"]);
  });

  it("does not fail on a .css.ts that nothing imports, even one that throws, and makes the same files each on its own", async () => {
    // All files run together unless one throws; then each is run on its own, as the official plugin does.
    const together = await both();
    await writeFile(join(root, "src", "unused.css.ts"), `throw new Error("never imported");\n`);
    try {
      const apart = await both();
      expect(js(apart.browser)).toContain("classes");
      expect(js(apart.browser)).toBe(js(together.browser));
      expect(apart.server.outputFiles?.map((f) => f.text)).toEqual(together.server.outputFiles?.map((f) => f.text));
    } finally {
      await rm(join(root, "src", "unused.css.ts"));
    }
  });

  it("names the file when a .css.ts exports what cannot be written out", async () => {
    await writeFile(join(root, "src", "bad.css.ts"), `export const pick = () => "x";\n`);
    await writeFile(join(root, "src", "bad.ts"), `export { pick } from "./bad.css";\n`);
    const css = vanillaCss(root);
    const run = build({ absWorkingDir: root, entryPoints: ["src/bad.ts"], bundle: true, write: false, outdir: join(root, "out"), logLevel: "silent", plugins: [css.plugin(true)] });
    await expect(run).rejects.toThrow(/bad\.css\.ts: export "pick" is not a string/);
    await rm(join(root, "src", "bad.css.ts"));
    await rm(join(root, "src", "bad.ts"));
  });
});
