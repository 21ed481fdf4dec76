import express from "express";
import { mkdir, mkdtemp, rename, rm, writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staticSite } from "./static-site";

// `npm run dev` builds into .cache/dev-dist: a dot folder above the output must not hide the site.

let work: string;
let dist: string;
let url: string;
let close: () => void;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "static-site-"));
  dist = join(work, ".cache", "dev-dist");
  await mkdir(join(dist, "blog", "first-post"), { recursive: true });
  await mkdir(join(dist, "assets"), { recursive: true });
  await mkdir(join(dist, ".server"), { recursive: true });
  await writeFile(join(dist, "index.html"), "<h1>Home</h1>");
  await writeFile(join(dist, "blog", "first-post", "index.html"), "<h1>First post</h1>");
  await writeFile(join(dist, "assets", "app-1234.js"), "console.log(1)");
  await writeFile(join(dist, ".server", "content.json"), "{}");
  await writeFile(join(dist, "404.html"), "<h1>Page not found</h1>");
  const server = express().use(staticSite(dist)).listen(0, "127.0.0.1");
  await new Promise((ok) => server.once("listening", ok));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(async () => {
  close();
  await rm(work, { recursive: true, force: true });
});

describe("staticSite from an output folder inside a dot folder", () => {
  it.each([
    ["/", "<h1>Home</h1>"],
    ["/blog/first-post", "<h1>First post</h1>"],
    ["/blog/first-post/", "<h1>First post</h1>"],
    ["/assets/app-1234.js", "console.log(1)"],
  ])("serves %s", async (path, body) => {
    const res = await fetch(url + path);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(body);
  });

  it.each(["/nowhere", "/.server/content.json", "/.server"])("answers %s with the 404 page", async (path) => {
    const res = await fetch(url + path);
    expect(res.status).toBe(404);
    expect(await res.text()).toBe("<h1>Page not found</h1>");
  });
});

describe("staticSite while a build swaps a new output folder in", () => {
  it("answers a request that arrives between the two renames from the new folder, not with a 404", async () => {
    const aside = `${dist}.old`;
    await rename(dist, aside);
    const answer = fetch(`${url}/blog/first-post`);
    await new Promise((ok) => setTimeout(ok, 100));
    await rename(aside, dist);
    const res = await answer;
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("<h1>First post</h1>");
  });
});
