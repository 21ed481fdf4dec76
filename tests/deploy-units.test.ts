import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

// The systemd recipes in deploy/ pass systemd's own checker where the machine has it.
const verify = "/usr/bin/systemd-analyze";

describe.skipIf(!existsSync(verify))("deploy/*.service", () => {
  it.each(["deploy/cedar-ridge.service", "deploy/cedar-ridge-contact.service"])("%s passes systemd-analyze verify", async (unit) => {
    const { stdout, stderr } = await promisify(execFile)(verify, ["verify", unit]);
    expect(`${stdout}${stderr}`.trim()).toBe("");
  });
});
