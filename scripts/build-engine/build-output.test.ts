import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BuildOutput, stagingDirFor } from "./build-output";
import { textSha } from "./text-sha";

let work: string;
beforeEach(async () => {
  work = await mkdtemp(join(tmpdir(), "build-output-"));
});
afterEach(() => rm(work, { recursive: true, force: true }));

describe("BuildOutput.putAll", () => {
  it("writes a file given in pieces (more than one writev takes) as the pieces one after the other, and records its hash and size", async () => {
    const out = join(work, "dist");
    const output = new BuildOutput(out, stagingDirFor(out), { dirName: ".server", recordName: "output.json" }, undefined);
    const pieces = Array.from({ length: 3_000 }, (_, i) => Buffer.from(`${i === 0 ? "[" : ","}{"n":${i},"text":"piece ${i} ’"}`));
    pieces.push(Buffer.from("]"));
    await output.putAll([["api/blog.json", pieces], ["robots.txt", "User-agent: *\n"]]);
    await output.commit("{}");
    const whole = Buffer.concat(pieces);
    expect((await readFile(join(out, "api/blog.json"))).equals(whole)).toBe(true);
    expect(JSON.parse(whole.toString())).toHaveLength(3_000);
    expect(output.files.find((f) => f.file === "api/blog.json")).toEqual({ file: "api/blog.json", sha: textSha(whole), bytes: whole.byteLength });
    expect(await readFile(join(out, "robots.txt"), "utf8")).toBe("User-agent: *\n");
  });
});
