// Screenshots a test keeps for a person to look at, only when asked: SCREENSHOT_DIR names a folder
// inside the checkout (ignored by git, e.g. test-results/shots) or inside the system temp folder.
// Anywhere else is refused: no test writes outside its checkout and the temp folder (issue 41;
// scripts/test-paths.test.ts checks the tests name no such place themselves).
import { mkdirSync, realpathSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Locator, Page } from "playwright-core";

/** Where the screenshots go, or undefined when none were asked for. Throws for a folder outside the checkout and the temp folder. */
export function screenshotDir(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): string | undefined {
  const asked = env.SCREENSHOT_DIR;
  if (!asked) return undefined;
  const dir = path.resolve(cwd, asked);
  const inside = (root: string) => {
    const relative = path.relative(root, dir);
    return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
  };
  if (!inside(path.resolve(cwd)) && !inside(realpathSync(tmpdir())) && !inside(tmpdir())) {
    throw new Error(`SCREENSHOT_DIR=${asked}: screenshots go inside the checkout (test-results/...) or the temp folder (${tmpdir()}), nowhere else`);
  }
  return dir;
}

/** Saves `name`.png of the whole page (or of one element) when SCREENSHOT_DIR asks for screenshots. */
export async function keepScreenshot(target: Page | Locator, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  const dir = screenshotDir();
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.png`);
  if ("goto" in target) await target.screenshot({ path: file, fullPage: options.fullPage ?? true });
  else await target.screenshot({ path: file });
}
