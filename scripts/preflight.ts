// `npm test` runs this first (package.json): every part in scripts/test-parts.ts is made ready
// before any test starts. Missing Debian packages are installed when this runs as root on Debian
// (apt-get, from Debian's package servers); otherwise it stops at once with the one command
// that installs them, and nothing has been tested.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { isInstalled, planFor, testParts, type DebianPart } from "./test-parts";

const aptGet = "/usr/bin/apt-get";
const missing = testParts.filter((p): p is DebianPart => p.from === "debian" && !isInstalled(p));

if (missing.length > 0) {
  const plan = planFor(missing, { root: process.getuid?.() === 0, apt: existsSync(aptGet) });
  if ("stop" in plan) {
    console.error(plan.stop);
    process.exit(1);
  }
  console.log(`npm test: installing Debian's ${plan.install.join(", ")} (apt-get, as root) for:\n${plan.names}`);
  const started = performance.now();
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  execFileSync(aptGet, ["update", "-qq"], { stdio: "inherit", env });
  execFileSync(aptGet, ["install", "-y", "-qq", "--no-install-recommends", ...plan.install], { stdio: ["ignore", "ignore", "inherit"], env });
  const still = missing.filter((p) => !isInstalled(p));
  if (still.length > 0) {
    console.error(`npm test: apt-get installed ${plan.install.join(", ")}, but these are still missing: ${still.map((p) => p.path).join(", ")}`);
    process.exit(1);
  }
  console.log(`npm test: installed in ${Math.round((performance.now() - started) / 1000)} s`);
}

for (const part of testParts) {
  if (part.from !== "npm") continue;
  const started = performance.now();
  try {
    await part.ready();
  } catch (err) {
    console.error(`npm test: ${part.name} from ${part.package} (for ${part.usedBy}) cannot be used here: ${(err as Error).message}`);
    process.exit(1);
  }
  const seconds = (performance.now() - started) / 1000;
  if (seconds >= 1) console.log(`npm test: ${part.name} unpacked from ${part.package} in ${Math.round(seconds)} s`);
}
