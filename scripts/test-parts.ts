// Everything `npm test` needs beyond Node and node_modules, in one list: what each part is for,
// where it is, and how it comes. scripts/preflight.ts makes them all ready before any test starts.
import { accessSync, constants, readdirSync } from "node:fs";
import { readyChromium } from "./chromium-flags";

interface Part {
  name: string;
  /** Which tests (or commands) use it, and for what. */
  usedBy: string;
}

/** Comes with `npm ci`; `ready()` unpacks it if need be and gives its path, or says what is wrong. */
export interface NpmPart extends Part {
  from: "npm";
  package: string;
  ready: () => Promise<string>;
}

/** One of Debian's packages: `npm test` installs it (apt-get) when it runs as root on Debian. */
export interface DebianPart extends Part {
  from: "debian";
  path: string;
  aptPackage: string;
  /** A library: present when readable (a program must be executable). */
  library?: boolean;
}

export const chromium: NpmPart = {
  name: "Chromium",
  usedBy: "the browser tests, tests/global-setup.ts, and npm run audit",
  from: "npm",
  package: "@sparticuz/chromium",
  ready: readyChromium,
};

export const nginx: DebianPart = {
  name: "nginx",
  usedBy: "tests/nginx.test.ts, the deploy recipe served by nginx",
  from: "debian",
  path: "/usr/sbin/nginx",
  aptPackage: "nginx",
};

export const openssl: DebianPart = {
  name: "openssl",
  usedBy: "tests/nginx.test.ts, a certificate for its HTTPS",
  from: "debian",
  path: "/usr/bin/openssl",
  aptPackage: "openssl",
};

export const systemdAnalyze: DebianPart = {
  name: "systemd-analyze",
  usedBy: "tests/deploy-units.test.ts, systemd's own check of deploy/*.service",
  from: "debian",
  path: "/usr/bin/systemd-analyze",
  aptPackage: "systemd",
};

/** Debian keeps each major version of PostgreSQL in its own folder (15 on bookworm, 17 on trixie). */
const POSTGRES_LIB = "/usr/lib/postgresql";

export const postgresql: DebianPart = {
  name: "PostgreSQL",
  usedBy: "the PostgreSQL store's tests (tests/postgres-cluster.ts starts a throw-away server)",
  from: "debian",
  // A getter: the version apt-get installs is known only after it did.
  get path() {
    let versions: number[] = [];
    try {
      versions = readdirSync(POSTGRES_LIB).filter((name) => /^\d+$/.test(name)).map(Number);
    } catch {
      // Not installed: the path below does not exist, and the pre-flight says so.
    }
    const newest = versions.sort((a, b) => b - a)[0];
    return `${POSTGRES_LIB}/${newest ?? "<version>"}/bin/initdb`;
  },
  aptPackage: "postgresql",
};

/** Where Debian keeps this machine's libraries (its multiarch folder). */
const LIB_DIR = `/usr/lib/${process.arch === "arm64" ? "aarch64" : "x86_64"}-linux-gnu`;

export const jemalloc: DebianPart = {
  name: "jemalloc",
  usedBy: "tests/owner-day.test.ts and tests/with-allocator.test.ts: the allocator npm start runs the server with (scripts/with-allocator.sh)",
  from: "debian",
  path: `${LIB_DIR}/libjemalloc.so.2`,
  aptPackage: "libjemalloc2",
  library: true,
};

export const testParts: (NpmPart | DebianPart)[] = [chromium, nginx, openssl, systemdAnalyze, postgresql, jemalloc];

export function isInstalled(part: DebianPart): boolean {
  try {
    accessSync(part.path, part.library ? constants.R_OK : constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export type Plan = { install: string[]; names: string } | { stop: string };

/**
 * What the pre-flight does about missing Debian parts: install them (as root, where apt-get is),
 * or stop with what is missing and the one command that installs it.
 */
export function planFor(missing: DebianPart[], machine: { root: boolean; apt: boolean }): Plan {
  const packages = [...new Set(missing.map((p) => p.aptPackage))];
  const names = missing.map((p) => `  ${p.name.padEnd(16)} for ${p.usedBy}`).join("\n");
  if (machine.root && machine.apt) return { install: packages, names };
  const how = machine.apt
    ? `Install them as root, then run npm test again:\n  apt-get update && apt-get install -y --no-install-recommends ${packages.join(" ")}`
    : `Install them with this system's packages (Debian's are ${packages.join(", ")}), then run npm test again.`;
  return { stop: `npm test: this machine lacks what these tests need:\n${names}\n${how}` };
}

/** The part's path; for a test run without `npm test` in front, an error saying what is missing. */
export function installedPath(part: DebianPart): string {
  if (!isInstalled(part)) throw new Error(`${part.name} is missing (${part.path}, Debian's package ${part.aptPackage}; for ${part.usedBy}): npm test installs it when run as root, or names the command that does`);
  return part.path;
}
