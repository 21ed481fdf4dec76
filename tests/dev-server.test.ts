import { spawn, type ChildProcess } from "node:child_process";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { securityHeaders } from "../functions/http/security-headers";
import { liveReload } from "../src/app/live-reload";
import { connectBrowser, openPage } from "./chromium";

// `npm run dev` as the owner uses it: edit a content file, the open page reloads with the change.

let work: string;
let child: ChildProcess;
let baseUrl: string;
let browser: Browser;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "dev-server-"));
  await cp(resolve("content"), join(work, "content"), { recursive: true });
  child = spawn(process.execPath, ["--import", "tsx", "scripts/dev.ts", "--content", join(work, "content"), "--out", join(work, "dev-dist")], {
    env: { ...process.env, PORT: "0", DATA_DIR: join(work, "data") },
    stdio: ["ignore", "pipe", "pipe"],
  });
  baseUrl = await new Promise<string>((ok, fail) => {
    let out = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const url = out.match(/Dev server on (http:\/\/\S+?)\/? /)?.[1];
      if (url) ok(url);
    });
    child.once("exit", (code) => fail(new Error(`dev server exited with ${code}: ${out}`)));
  });
  browser = await connectBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  child?.kill("SIGTERM");
  await rm(work, { recursive: true, force: true });
});

describe("npm run dev", () => {
  it("rebuilds when a content file changes and reloads the open page", async () => {
    const { page, problems, close } = await openPage(browser, { baseURL: baseUrl });
    // Same CSP as `npm start`: the reload script is a file (src/app/live-reload.ts), nothing inline runs.
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`), true);
    });
    const res = await page.goto("/");
    expect(await res?.headerValue("content-security-policy")).toBe(securityHeaders["Content-Security-Policy"]);
    const reloadScript = await page.request.get(liveReload.scriptPath);
    expect(reloadScript.headers()["content-type"]).toMatch(/javascript/);
    expect(reloadScript.headers()["content-security-policy"]).toBe(securityHeaders["Content-Security-Policy"]);
    await page.waitForSelector("#root[data-hydrated]");
    await expect.poll(() => page.getByText("Development preview: drafts are shown.").count()).toBe(1);
    expect(problems, "before the edit").toEqual([]);

    const homeFile = join(work, "content", "home.json");
    const home = JSON.parse(await readFile(homeFile, "utf8"));
    home.hero.heading = "Fresh heading written by a test";
    const reloaded = page.waitForEvent("load", { timeout: 60_000 });
    await writeFile(homeFile, JSON.stringify(home, null, 2));
    await reloaded;
    await expect.poll(() => page.locator("h1").textContent(), { timeout: 10_000 }).toBe("Fresh heading written by a test");
    // The reload ends the page's own reload stream; nothing else may fail.
    expect(problems.filter((p) => !p.includes("/__dev/events"))).toEqual([]);
    await close();
  });
});
