import { escapeHtml } from "../format/escape-html";
import { pageHeadMarker } from "./head";
import { liveReload } from "./live-reload";

/** What the client build produced; see scripts/build-engine/bundle.ts. */
export interface AssetManifest {
  css: string[];
  /** The script every page loads and the chunks it imports. */
  site: { entry: string; preload: string[] };
  /** Per island (src/islands/<name>.tsx): what a page showing it loads beyond the site script (React, the island). */
  islands: Record<string, string[]>;
}

/** Files one page needs from the client build. */
export interface PageAssets {
  css: string[];
  entry: string;
  /** Chunks to preload so they arrive with the entry, not after it: its imports. */
  preload: string[];
}

/**
 * The files every page names in its head. Islands' code is not among them: preloaded, it
 * competed with the stylesheet and put off the first paint of /contact (Lighthouse,
 * simulated 4G: FCP 1.8 s, 1.0 s without); the site script fetches it after the first
 * paint, and the form works as a plain form until then.
 */
export function pageAssets(assets: AssetManifest): PageAssets {
  return { css: assets.css, entry: assets.site.entry, preload: assets.site.preload };
}

export interface DocumentParts {
  headHtml: string;
  appHtml: string;
  assets: PageAssets;
  /** 404.html is served for any unknown URL: the site script picks its wording (src/client/navigate.ts). */
  notFound?: boolean;
  themeColor: string;
  /**
   * The page's own address, for a page served at another (a refused form post's answer, at
   * /api/contact): the site script shows it in the address bar (src/client/navigate.ts).
   */
  address?: string;
  /** Dev builds only: reload when `npm run dev` has rebuilt (scripts/dev.ts sends the event). */
  liveReload?: boolean;
}

// A file, never inline: the Content-Security-Policy allows no inline script (the policy is in security-headers.ts, beside the servers).
const liveReloadScript = `<script src="${liveReload.scriptPath}"></script>`;

/** The HTML shell around a rendered page. Pure: the same parts always give the same bytes. */
export function renderDocument(p: DocumentParts): string {
  const css = p.assets.css.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`).join("");
  const preload = p.assets.preload.map((href) => `<link rel="modulepreload" href="${escapeHtml(href)}">`).join("");
  // No entry: a page without scripts (the desk's preview of a post, scripts/build-engine/post-preview.ts).
  const entry = p.assets.entry ? `<script type="module" src="${escapeHtml(p.assets.entry)}"></script>` : "";
  const address = p.address ? ` data-address="${escapeHtml(p.address)}"` : "";
  return (
    `<!doctype html><html lang="en"${p.notFound ? " data-not-found" : ""}${address}><head>` +
    `<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="theme-color" content="${escapeHtml(p.themeColor)}">` +
    `<!--${pageHeadMarker}-->${p.headHtml}<!--/${pageHeadMarker}-->` +
    `<link rel="icon" href="/favicon.svg" type="image/svg+xml">` +
    css +
    entry +
    preload +
    `</head><body><div id="root">${p.appHtml}</div>` +
    (p.liveReload ? liveReloadScript : "") +
    `</body></html>`
  );
}
