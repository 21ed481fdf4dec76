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

// glibc's malloc kept what a day's soak freed (hundreds of MB with every heap flat: docs/performance.md).
// npm start runs the server through scripts/with-allocator.sh (jemalloc when installed; so the site's
// unit has it), and the contact function's unit, which runs node itself, through the same script.
describe("the servers' allocator", () => {
  it("npm start and the contact unit both start their server through scripts/with-allocator.sh", async () => {
    const start = JSON.parse(await readFile("package.json", "utf8")).scripts.start as string;
    expect(start).toBe("sh scripts/with-allocator.sh tsx scripts/start.ts");
    const unit = await readFile("deploy/cedar-ridge-contact.service", "utf8");
    expect(unit).toMatch(/\nExecStart=\/bin\/sh scripts\/with-allocator\.sh \/usr\/bin\/node /);
  });
});
