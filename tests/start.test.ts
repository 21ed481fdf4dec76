import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storedMessages } from "./test-support";

// The README's first command, as written: `npm start` builds dist/ and serves
// the site, the blog API and the contact function from one process.

let work: string;
let child: ChildProcess;
let baseUrl: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "npm-start-"));
  // Its own process group, so the test can stop npm and everything under it.
  child = spawn("npm", ["start", "--silent"], {
    env: { ...process.env, PORT: "0", DATA_DIR: join(work, "data"), CONTACT_RATE_LIMIT: "0" },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  baseUrl = await new Promise<string>((ok, fail) => {
    let out = "";
    const read = (chunk: Buffer) => {
      out += chunk.toString();
      const url = out.match(/Serving (http:\/\/\S+?)\/? /)?.[1];
      if (url) ok(url);
    };
    child.stdout?.on("data", read);
    child.stderr?.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.once("exit", (code) => fail(new Error(`npm start exited with ${code}: ${out}`)));
  });
}, 120_000);

afterAll(async () => {
  if (child.pid && child.exitCode === null) process.kill(-child.pid, "SIGTERM");
  // npm can exit before the server under it has finished writing (the notification it saves
  // as an .eml file): retry while the folder is still changing (failed once in CI: ENOTEMPTY).
  await rm(work, { recursive: true, force: true, maxRetries: 20, retryDelay: 100 });
});

describe("npm start", () => {
  it("serves the pages, the blog API and the contact function, then stops on SIGTERM", async () => {
    const home = await fetch(`${baseUrl}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("Cedar Ridge Tree Service");

    const blog = await fetch(`${baseUrl}/api/blog`);
    expect(blog.headers.get("content-type")).toMatch(/application\/json/);
    expect((await blog.json()).length).toBeGreaterThanOrEqual(5);

    const post = await fetch(`${baseUrl}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Jane Doe", email: "jane@example.com", phone: "8035550199", serviceType: "tree-removal", message: "A pine is leaning toward the garage." }),
    });
    expect(post.status).toBe(201);
    const { id } = await post.json();
    const stored = await storedMessages(join(work, "data"));
    expect(stored.map((s) => s.id)).toContain(id);

    const exited = new Promise<number | null>((ok) => child.once("exit", ok));
    if (child.pid) process.kill(-child.pid, "SIGTERM");
    await expect(exited).resolves.not.toBeUndefined();
  });
});
