import { spawn } from "node:child_process";
import { cp, mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { lockOutput } from "./output-lock";
import { runBuild } from "./run-build";

// Two builds into one output folder take turns, across processes (two npm start in one checkout
// publish into one dist/), and a build killed while it holds the folder lets it go.

const root = join(import.meta.dirname, "..", "..");
let work: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "output-lock-"));
  await cp(join(root, "content"), join(work, "content"), { recursive: true });
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

/** Another process holding `outDir` as a build does, until it is killed. */
async function holderProcess(outDir: string) {
  const script = `import { lockOutput } from ${JSON.stringify(join(import.meta.dirname, "output-lock.ts"))}; await lockOutput(${JSON.stringify(outDir)}); console.log("held"); setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { cwd: root, stdio: ["ignore", "pipe", "inherit"] });
  await new Promise<void>((ok, fail) => {
    child.stdout.on("data", (chunk: Buffer) => chunk.toString().includes("held") && ok());
    child.once("exit", (code) => fail(new Error(`the holder exited (${code})`)));
  });
  return child;
}

describe("one build at a time into an output folder", () => {
  it("waits while another process builds into it, and goes on when that process is killed", async () => {
    const outDir = join(work, "dist");
    const holder = await holderProcess(outDir);
    onTestFinished(() => void holder.kill("SIGKILL"));
    const lines: string[] = [];
    let done = false;
    const build = runBuild({ root, contentDir: join(work, "content"), outDir, mode: "production", workers: 1, onProgress: (line) => lines.push(line) }).finally(() => (done = true));
    await new Promise((ok) => setTimeout(ok, 3_000));
    expect(done).toBe(false);
    expect(lines.filter((line) => line.startsWith("waiting for another build into"))).toHaveLength(1);
    await expect(stat(join(outDir, "index.html"))).rejects.toThrow(/ENOENT/);
    // SIGKILL: no chance to unlock; the kernel lets the lock go with the process.
    holder.kill("SIGKILL");
    await build;
    expect((await stat(join(outDir, "index.html"))).isFile()).toBe(true);
  }, 120_000);

  it("lets builds of one process take turns, and leaves other folders free", async () => {
    const order: string[] = [];
    const first = await lockOutput(join(work, "a"));
    const second = lockOutput(join(work, "a")).then((unlock) => (order.push("second"), unlock));
    const other = await lockOutput(join(work, "b"));
    order.push("other");
    await new Promise((ok) => setTimeout(ok, 300));
    order.push("first done");
    await first();
    await (await second)();
    await other();
    expect(order).toEqual(["other", "first done", "second"]);
  });
});
