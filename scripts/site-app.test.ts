import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listen } from "../tests/test-support";
import { createSiteApp } from "./site-app";

let work: string;
let server: { url: string; close: () => Promise<void> };

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "site-app-"));
  const dist = join(work, "dist");
  await mkdir(join(dist, "contact"), { recursive: true });
  await mkdir(join(dist, "api", "blog"), { recursive: true });
  await writeFile(join(dist, "index.html"), "<h1>Home</h1>");
  await writeFile(join(dist, "contact", "index.html"), "<h1>Contact</h1>");
  await writeFile(join(dist, "404.html"), "<h1>Page not found</h1>");
  await writeFile(join(dist, "api", "blog.json"), "[]");
  server = await listen(createSiteApp({ distDir: dist }));
});
afterAll(async () => {
  await server.close();
  await rm(work, { recursive: true, force: true });
});

describe("createSiteApp with URLs that do not decode", () => {
  it.each(["/%", "/%E0%A4%A", "/contact/%", "/assets/%zz.js"])("answers %s with 400 and the site's own 404 page", async (target) => {
    const res = await fetch(server.url + target);
    expect(res.status).toBe(400);
    const text = await res.text();
    expect(text).toBe("<h1>Page not found</h1>");
  });

  it("answers /api/blog/% with 400 JSON and no detail", async () => {
    const res = await fetch(`${server.url}/api/blog/%`);
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toContain("application/json");
    const text = await res.text();
    expect(text).not.toMatch(/URIError|at \S+ \(|node_modules/);
  });

  it("still serves good pages and the 404 page", async () => {
    expect((await fetch(`${server.url}/contact`)).status).toBe(200);
    const missing = await fetch(`${server.url}/nope`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("Page not found");
  });
});

describe("createSiteApp without its functions", () => {
  it("answers the site script's visit report with 204 and no body, so no visitor's console shows an error", async () => {
    const res = await fetch(`${server.url}/api/event`, { method: "POST", headers: { "content-type": "text/plain" }, body: '{"kind":"view","path":"/"}' });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe("");
  });
});
