import { execFile } from "node:child_process";
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
