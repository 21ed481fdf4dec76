import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { installedPath, isInstalled, planFor, testParts, type DebianPart } from "./test-parts";

const part = (name: string, aptPackage: string): DebianPart => ({ name, usedBy: `tests/${name}.test.ts`, from: "debian", path: `/nonexistent/${name}`, aptPackage });
const missing = [part("nginx", "nginx"), part("openssl", "openssl"), part("nginx-again", "nginx")];

describe("the pre-flight's plan for missing Debian parts", () => {
  it("installs each package once as root where apt-get is", () => {
    expect(planFor(missing, { root: true, apt: true })).toMatchObject({ install: ["nginx", "openssl"] });
  });

  it("stops otherwise, naming each missing part and the one command to run as root", () => {
    const plan = planFor(missing, { root: false, apt: true });
    expect(plan).toHaveProperty("stop");
    const stop = "stop" in plan ? plan.stop : "";
    for (const p of missing) expect(stop).toContain(`${p.name.padEnd(16)} for ${p.usedBy}`);
    expect(stop.match(/^ {2}apt-get .*$/gm)).toEqual(["  apt-get update && apt-get install -y --no-install-recommends nginx openssl"]);
  });

  it("names the packages without a command where there is no apt-get, root or not", () => {
    for (const root of [true, false]) {
      const plan = planFor(missing, { root, apt: false });
      expect("stop" in plan && plan.stop).toContain("Install them with this system's packages (Debian's are nginx, openssl)");
    }
  });
});

it("a test that needs a missing part fails saying which and how npm test gets it", () => {
  expect(() => installedPath(part("nginx", "nginx"))).toThrow("nginx is missing (/nonexistent/nginx, Debian's package nginx; for tests/nginx.test.ts): npm test installs it");
  expect(installedPath({ ...part("sh", "dash"), path: "/bin/sh" })).toBe("/bin/sh");
});

it("a library is there when readable, a program only when it can run", () => {
  // /etc/passwd: readable by anyone, executable by no one (root included).
  expect(isInstalled({ ...part("lib", "libx"), path: "/etc/passwd", library: true })).toBe(true);
  expect(isInstalled({ ...part("program", "x"), path: "/etc/passwd" })).toBe(false);
});

it("the README's line for root installs every Debian part the pre-flight would", async () => {
  const readme = await readFile("README.md", "utf8");
  const packages = [...new Set(testParts.flatMap((p) => (p.from === "debian" ? [p.aptPackage] : [])))];
  expect(readme).toContain(`\napt-get update && apt-get install -y --no-install-recommends ${packages.join(" ")}\n`);
});
