import { execFile } from "node:child_process";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, expect, it } from "vitest";
import { unpackShippedChromium } from "./shipped-chromium";

const work = await mkdtemp(join(tmpdir(), "shipped-chromium-"));
afterAll(() => rm(work, { recursive: true, force: true }));

it("unpacks once, whole, when two runs unpack at the same time, into a Chromium its launcher starts", async () => {
  const into = join(work, "chromium-test");
  const [first, second] = await Promise.all([unpackShippedChromium(into), unpackShippedChromium(into)]);
  expect(second).toBe(first);
  expect(await readdir(work)).toEqual(["chromium-test"]);
  // Nothing from this process's environment but PATH: the launcher sets the rest.
  const { stdout } = await promisify(execFile)(first, ["--version"], { env: { PATH: process.env.PATH } });
  expect(stdout).toMatch(/^Chromium \d+\./);
}, 60_000);
