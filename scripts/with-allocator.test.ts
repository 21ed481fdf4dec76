import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { installedPath, jemalloc } from "./test-parts";

// What the server started by scripts/with-allocator.sh has: the libraries mapped into it and its settings.
const probe = `const maps = require("node:fs").readFileSync("/proc/self/maps", "utf8");
console.log(JSON.stringify({ jemalloc: maps.includes("libjemalloc.so.2"), preload: process.env.LD_PRELOAD ?? null, tunables: process.env.GLIBC_TUNABLES ?? null }));`;

async function startedThrough(env: Record<string, string | undefined>) {
  const clean = Object.fromEntries(Object.entries({ ...process.env, LD_PRELOAD: undefined, GLIBC_TUNABLES: undefined, ...env }).filter(([, v]) => v !== undefined));
  const { stdout } = await promisify(execFile)("sh", ["scripts/with-allocator.sh", process.execPath, "-e", probe], { env: clean as NodeJS.ProcessEnv });
  return JSON.parse(stdout) as { jemalloc: boolean; preload: string | null; tunables: string | null };
}

describe("scripts/with-allocator.sh (npm start, the contact unit)", () => {
  it("runs the server with jemalloc where libjemalloc2 is installed, glibc's threshold fixed for anything left on glibc", async () => {
    installedPath(jemalloc);
    expect(await startedThrough({})).toEqual({ jemalloc: true, preload: "libjemalloc.so.2", tunables: "glibc.malloc.mmap_threshold=131072" });
  });

  it("keeps an LD_PRELOAD or GLIBC_TUNABLES the environment already sets", async () => {
    expect(await startedThrough({ LD_PRELOAD: "", GLIBC_TUNABLES: "glibc.malloc.arena_max=2" })).toMatchObject({ tunables: "glibc.malloc.arena_max=2" });
    const own = await startedThrough({ LD_PRELOAD: jemalloc.path });
    expect(own).toMatchObject({ jemalloc: true, preload: jemalloc.path });
  });
});
