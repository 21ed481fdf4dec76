import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type sharpModule from "sharp";
import { loadSharp as loadPhotoSharp } from "../../functions/photos/load-sharp";
import { escapeHtml } from "../../src/format/escape-html";

let loading: Promise<typeof sharpModule> | undefined;

/**
 * sharp, loaded on first use: importing it takes 0.16 s, which every build paid before
 * bundling started, though a build without new photos needs it only for the share image
 * (drawn while the workers render). The loaders a photo never needs are off
 * (functions/photos/load-sharp.ts, which the servers use alone); the build adds its fonts.
 */
export function loadSharp(): Promise<typeof sharpModule> {
  loading ??= loadPhotoSharp().then((sharp) => {
    useNpmFonts();
    return sharp;
  });
  return loading;
}

/**
 * The share image's words are drawn in fonts fontconfig finds (scripts/build-engine/og-image.ts): the
 * system's, plus DejaVu from npm (dejavu-fonts-ttf, the files Debian's fonts-dejavu has), which
 * the image names first. So a server without any fonts (node:20-bookworm-slim, a bare Debian)
 * draws the same words in the same fonts, not an image with none. Read at the first text drawn.
 */
function useNpmFonts(): void {
  if (process.env.FONTCONFIG_FILE) return;
  const dejavu = join(dirname(createRequire(import.meta.url).resolve("dejavu-fonts-ttf/package.json")), "ttf");
  const conf = join(dejavu, "..", "..", ".cache", "fontconfig", "fonts.conf");
  const text = `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<!-- Written by scripts/build-engine/sharp.ts. -->
<fontconfig>
  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
  <dir>${escapeHtml(dejavu)}</dir>
</fontconfig>
`;
  let written = "";
  try {
    written = readFileSync(conf, "utf8");
  } catch {
    // Not yet written.
  }
  if (written !== text) {
    // Renamed into place whole: another build may be reading it.
    mkdirSync(dirname(conf), { recursive: true });
    writeFileSync(`${conf}.${process.pid}`, text);
    renameSync(`${conf}.${process.pid}`, conf);
  }
  process.env.FONTCONFIG_FILE = conf;
}
