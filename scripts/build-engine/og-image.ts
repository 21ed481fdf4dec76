// The share image (og:image, 1200x630) drawn at build time from the business facts
// in content/site.json, so a new phone number or name shows in links shared on
// social media and chat apps. The scenery is the hero's (src/components/scenery.tsx);
// text is in DejaVu, which npm brings (scripts/build-engine/sharp.ts), so every machine draws it alike.
import { escapeHtml } from "../../src/format/escape-html";
import { Scenery } from "../../src/components/scenery";
import type { Site } from "../../src/content/site";
import { palette } from "../../src/styles/palette";
import { loadSharp } from "./sharp";

export const OG_IMAGE_FILE = "og-image.png";
const W = 1200;
const H = 630;
const LEFT = 72;

/** A font size that fits `text` into `width` pixels, at most `max` (an average glyph is ~0.55 em wide in DejaVu Sans). */
function fit(text: string, width: number, max: number, emPerChar = 0.55): number {
  return Math.min(max, Math.floor(width / Math.max(1, text.length * emPerChar)));
}

/**
 * The image as SVG: pure, so tests can read what it says. React is loaded here, not with the
 * build's own modules: `npm run build` would wait for it (40 ms) before it starts bundling.
 */
export async function ogImageSvg(site: Site): Promise<string> {
  const [{ createElement }, { renderToStaticMarkup }] = await Promise.all([import("react"), import("react-dom/server")]);
  const scenery = renderToStaticMarkup(createElement(Scenery, { scene: "lake" }))
    .replace(/^<svg[^>]*>/, "")
    .replace(/<\/svg>$/, "");
  const phone = site.phone.display;
  const phoneSize = 36;
  const pillWidth = Math.round(phone.length * phoneSize * 0.62 + 64);
  const nameSize = fit(site.name, W - 2 * LEFT, 84, 0.6);
  const taglineSize = fit(site.tagline, W - 2 * LEFT, 40);
  const text = (x: number, y: number, size: number, fill: string, value: string, extra = "") =>
    `<text x="${x}" y="${y}" font-size="${size}" fill="${fill}" ${extra}>${escapeHtml(value)}</text>`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif">`,
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${palette.heroSky}"/><stop offset="1" stop-color="${palette.heroHorizon}"/></linearGradient></defs>`,
    `<rect width="${W}" height="${H}" fill="url(#sky)"/>`,
    // The hero's 1440x310 band of scenery, scaled to the image's width along the bottom.
    `<svg x="0" y="${H - 258}" width="${W}" height="258" viewBox="0 330 1440 310" preserveAspectRatio="xMidYMin slice">${scenery}</svg>`,
    `<rect x="${W - LEFT - pillWidth}" y="64" width="${pillWidth}" height="68" rx="34" fill="${palette.accent}"/>`,
    text(W - LEFT - pillWidth / 2, 112, phoneSize, palette.onBrand, phone, 'text-anchor="middle" font-weight="bold"'),
    text(LEFT, 180, 26, palette.brandLight, site.emergencyLine.toUpperCase(), 'font-weight="bold" letter-spacing="2"'),
    text(LEFT, 290, nameSize, palette.onBrand, site.name, 'font-family="DejaVu Serif, Liberation Serif, Georgia, serif" font-weight="bold"'),
    text(LEFT, 350, taglineSize, palette.heroText, site.tagline),
    "</svg>",
  ].join("");
}

// The last image drawn, by the facts on it: a long-running process (npm start, npm run dev) draws it again only when they change.
let last: { facts: string; png: Promise<Buffer> } | undefined;

export function ogImagePng(site: Site): Promise<Buffer> {
  const facts = JSON.stringify(site);
  if (last?.facts === facts) return last.png;
  const drawing = { facts, png: Promise.all([loadSharp(), ogImageSvg(site)]).then(([sharp, svg]) => sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer()) };
  last = drawing;
  // A failed drawing is not kept.
  drawing.png.catch(() => {
    if (last === drawing) last = undefined;
  });
  return drawing.png;
}
