import { mkdtemp, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { chromium, type BrowserServer } from "playwright-core";
import type { TestProject } from "vitest/node";
import { runBuild } from "../scripts/build-engine/run-build";
import { createContactFunction } from "../functions/contact/app";
import { createFormPages } from "../scripts/contact-form-renderer";
import { createSiteApp } from "../scripts/site-app";
import { deskRenderer } from "../scripts/build-engine/desk-bundle";
import { chromiumArgs, readyChromium } from "./chromium";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    distDir: string;
    dataDir: string;
    browserWs: string;
  }
}

/**
 * One production build of the real content, served the way `npm start` serves
 * it (functions included), and one headless Chromium, shared by every browser test.
 */
export default async function setup(project: TestProject) {
  const work = await mkdtemp(join(tmpdir(), "site-e2e-"));
  const distDir = join(work, "dist");
  const dataDir = join(work, "data");
  // No store's reviews are handed to the build: it shows content/reviews.json's, if any (src/content/load-reviews.ts).
  const built = await runBuild({ root: process.cwd(), contentDir: resolve("content"), outDir: distDir, mode: "production" });

  const formPages = await createFormPages(distDir, built.rendered);
  const contact = await createContactFunction(
    { DATA_DIR: dataDir, CONTACT_RATE_LIMIT: "0" },
    // The desk as the contact function alone mounts it: the shared server publishes nothing.
    { contentDir: resolve("content"), distDir, formPages: () => formPages, desk: { renderer: deskRenderer(process.cwd()) } },
  );
  const app = createSiteApp({ distDir, contact: contact.app });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((ok) => server.once("listening", ok));
  const { port } = server.address() as AddressInfo;

  const browser: BrowserServer = await chromium.launchServer({ executablePath: await readyChromium(), args: chromiumArgs, headless: true });

  project.provide("baseUrl", `http://127.0.0.1:${port}`);
  project.provide("distDir", distDir);
  project.provide("dataDir", dataDir);
  project.provide("browserWs", browser.wsEndpoint());

  return async () => {
    await browser.close();
    await new Promise((ok) => server.close(ok));
    await contact.close();
    await rm(work, { recursive: true, force: true });
  };
}
