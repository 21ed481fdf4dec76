import { access, constants } from "node:fs/promises";
import { shippedChromiumLauncher, unpackShippedChromium } from "./shipped-chromium";

/**
 * The browser of the tests, `npm run audit` and the benches: the headless Chromium that `npm ci`
 * brings (scripts/shipped-chromium.ts), or CHROMIUM_PATH when set (Debian's: /usr/bin/chromium).
 * It is there once `readyChromium()` has run (`npm test` runs it first, scripts/preflight.ts).
 */
export const chromiumPath = process.env.CHROMIUM_PATH || shippedChromiumLauncher;

/** chromiumPath, the shipped Chromium unpacked first if it is the one and is not yet. */
export async function readyChromium(): Promise<string> {
  if (!process.env.CHROMIUM_PATH) return unpackShippedChromium();
  await access(chromiumPath, constants.X_OK).catch(() => {
    throw new Error(`CHROMIUM_PATH is ${chromiumPath}, which is not a program`);
  });
  return chromiumPath;
}

// Without the background-networking flags Chromium keeps dialling Google, which this machine refuses.
export const chromiumArgs = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-quic", "--no-first-run"];
