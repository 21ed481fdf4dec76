import express from "express";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBlogApi } from "./app";

let dir = "";
let server: Server;
let base = "";
const post = { id: "abc", slug: "oak-pruning", title: "Oak pruning", content: "Body", html: "<p>Body</p>" };

beforeAll(async () => {
  // A dot folder on the way, like ~/.cache: it must not stop the files being served.
  dir = await mkdtemp(join(tmpdir(), ".blog-fn-"));
  await mkdir(join(dir, "dist", "api", "blog"), { recursive: true });
  await writeFile(join(dir, "dist", "api", "blog.json"), JSON.stringify([post]));
  await writeFile(join(dir, "dist", "api", "blog", "oak-pruning.json"), JSON.stringify(post));
  const app = express().use(createBlogApi(join(dir, "dist")));
  server = app.listen(0, "127.0.0.1");
  await new Promise((ok) => server.once("listening", ok));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((ok) => server.close(ok));
  await rm(dir, { recursive: true, force: true });
});

describe("blog API", () => {
  it("answers GET /api/blog with the list as JSON", async () => {
    const res = await fetch(`${base}/api/blog`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await res.json()).toEqual([post]);
  });

  it("answers GET /api/blog/{slug} with one post", async () => {
    for (const path of ["/api/blog/oak-pruning", "/api/blog/oak-pruning.json"]) {
      const res = await fetch(base + path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      expect(await res.json()).toEqual(post);
    }
  });

  it("answers 404 {message: Post not found} for an unknown or impossible slug", async () => {
    for (const path of ["/api/blog/nope", "/api/blog/..%2Fblog", "/api/blog/Oak-Pruning"]) {
      const res = await fetch(base + path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      expect(await res.json()).toEqual({ message: "Post not found" });
    }
  });

  it("says so when the blog was never built", async () => {
    const empty = await mkdtemp(join(tmpdir(), "blog-fn-empty-"));
    const app = express().use(createBlogApi(empty));
    const s = app.listen(0, "127.0.0.1");
    await new Promise((ok) => s.once("listening", ok));
    const res = await fetch(`http://127.0.0.1:${(s.address() as AddressInfo).port}/api/blog`);
    expect(res.status).toBe(503);
    await new Promise((ok) => s.close(ok));
    await rm(empty, { recursive: true, force: true });
  });
});
