import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { installedPath, systemdAnalyze } from "../scripts/test-parts";

// The systemd recipes in deploy/ pass systemd's own checker (npm test installs it, scripts/test-parts.ts).
describe("deploy/*.service", () => {
  it.each(["deploy/cedar-ridge.service", "deploy/cedar-ridge-contact.service"])("%s passes systemd-analyze verify", async (unit) => {
    const { stdout, stderr } = await promisify(execFile)(installedPath(systemdAnalyze), ["verify", unit]);
    expect(`${stdout}${stderr}`.trim()).toBe("");
  });
});

// glibc's malloc, left to raise its mmap threshold, kept the server's freed blocks: a day's soak grew
// RSS by hundreds of MB with the heaps flat (docs/performance.md). npm start fixes the threshold
// (package.json, so the site's unit has it), and the contact function's unit, which runs node itself, the same.
describe("the servers' malloc setting", () => {
  it("npm start sets glibc's mmap threshold, unless GLIBC_TUNABLES is set, and the contact unit sets the same", async () => {
    const start = JSON.parse(await readFile("package.json", "utf8")).scripts.start as string;
    const setting = /^GLIBC_TUNABLES=\$\{GLIBC_TUNABLES:-(glibc\.malloc\.mmap_threshold=\d+)\} tsx scripts\/start\.ts$/.exec(start)?.[1];
    expect(setting).toBeDefined();
    const unit = await readFile("deploy/cedar-ridge-contact.service", "utf8");
    expect(unit).toContain(`\nEnvironment=GLIBC_TUNABLES=${setting}\n`);
  });
});
