// The Chromium that `npm ci` brings: @sparticuz/chromium ships a headless Chromium for Linux x64
// (chrome-headless-shell) brotli-compressed, with the NSS libraries it links to and a font, so the
// browser tests and `npm run audit` need nothing from the system. Its own loader unpacks into the
// shared /tmp (one /tmp/chromium for every user and checkout, readable by its owner only), so this
// one unpacks the same files once per version into this checkout's node_modules/.cache/, beside
// a launcher that points the browser at its libraries and fonts.
import { spawn } from "node:child_process";
import { createReadStream, createWriteStream, existsSync, readFileSync } from "node:fs";
import { chmod, mkdir, mkdtemp, rename, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { basename, dirname, join } from "node:path";
import { pipeline } from "node:stream/promises";
import { createBrotliDecompress } from "node:zlib";

const packageName = "@sparticuz/chromium";
// build/cjs/index.cjs inside the package; its compressed files are in bin/.
const packageDir = join(dirname(createRequire(import.meta.url).resolve(packageName)), "..", "..");
const { version } = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")) as { version: string };
const unpackedDir = join(packageDir, "..", "..", ".cache", `chromium-${version}`);

/** The launcher to start it by; it is there once unpackShippedChromium() has run. */
export const shippedChromiumLauncher = join(unpackedDir, "chromium");

/** Unpacks the shipped Chromium unless it already is (about 5 s, once after each `npm ci`); returns its launcher. */
export async function unpackShippedChromium(into = unpackedDir): Promise<string> {
  // Only Linux x64 builds are shipped.
  if (process.platform !== "linux" || process.arch !== "x64") throw new Error(`${packageName} ships Chromium for Linux x64 only; set CHROMIUM_PATH to a Chromium for ${process.platform} ${process.arch}`);
  const launcherPath = join(into, "chromium");
  if (existsSync(launcherPath)) return launcherPath;
  // Unpacked beside its final place and renamed into it whole: a test run and an audit started
  // together each unpack, the first rename wins, and nobody starts a half-written browser.
  await mkdir(dirname(into), { recursive: true });
  const work = await mkdtemp(`${into}.tmp-`);
  try {
    const bin = join(packageDir, "bin");
    await Promise.all([
      pipeline(createReadStream(join(bin, "chromium.br")), createBrotliDecompress(), createWriteStream(join(work, "headless-shell"), { mode: 0o755 })),
      untar(join(bin, "al2023.tar.br"), work),
      untar(join(bin, "fonts.tar.br"), work, "fonts"),
    ]);
    await writeFile(join(work, "fonts.conf"), fontsConf);
    await writeFile(join(work, "chromium"), launcher, { mode: 0o755 });
    await chmod(work, 0o755);
    await rename(work, into).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== "ENOTEMPTY" && err.code !== "EEXIST") throw err;
    });
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  return launcherPath;
}

/** A brotli-compressed tar into `dir`, by the system's tar (in every Linux's base system). */
async function untar(file: string, dir: string, ...members: string[]): Promise<void> {
  // Through a file: tar stops reading at the archive's end marker, before the padding after it.
  const plain = join(dir, `${basename(file, ".br")}`);
  await pipeline(createReadStream(file), createBrotliDecompress(), createWriteStream(plain));
  const tar = spawn("tar", ["-x", "--no-same-owner", "-f", plain, "-C", dir, ...members], { stdio: ["ignore", "ignore", "inherit"] });
  const code = await new Promise<number | null>((ok, fail) => tar.once("error", fail).once("close", ok));
  if (code !== 0) throw new Error(`tar could not unpack ${file} (exit ${code})`);
  await rm(plain);
}

// The libraries are Amazon Linux builds of NSS and expat (the binary's only needs beyond the C
// library); the system's fonts when it has fontconfig, and the shipped Open Sans always.
const launcher = `#!/bin/sh
# Written by scripts/shipped-chromium.ts.
dir=$(cd "$(dirname "$0")" && pwd)
LD_LIBRARY_PATH="$dir/lib\${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" FONTCONFIG_FILE="$dir/fonts.conf" exec "$dir/headless-shell" "$@"
`;

const fontsConf = `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<!-- Written by scripts/shipped-chromium.ts. -->
<fontconfig>
  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
  <dir prefix="relative">fonts</dir>
</fontconfig>
`;
