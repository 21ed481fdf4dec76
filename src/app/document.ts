import { escapeHtml } from "./escape-html";
import { pageHeadMarker } from "./head";
import { liveReload } from "./live-reload";

/** What the client build produced; see build/bundle.ts. */
export interface AssetManifest {
  css: string[];
  entry: string;
  /** Per page module (src/pages/<name>.tsx): its chunk and the chunks it imports. */
  pages: Record<string, string[]>;
}

/** Files one page needs from the client build. */
export interface PageAssets {
  css: string[];
  entry: string;
  /** Chunks to preload so the page's own code arrives with the entry, not after it. */
  preload: string[];
}

export interface DocumentParts {
  headHtml: string;
  appHtml: string;
  /** Hydration data for the client router (loader data of the matched routes), already JSON. */
  routerDataJson: string;
  assets: PageAssets;
  /** 404.html is served for any unknown URL: the client renders afresh instead of hydrating. */
  notFound?: boolean;
  themeColor: string;
  /** False for pages served without the app (the contact function's refused-post page): no scripts at all. */
  interactive?: boolean;
  /** Dev builds only: reload when `npm run dev` has rebuilt (scripts/dev.ts sends the event). */
  liveReload?: boolean;
}

// A file, never inline: the Content-Security-Policy allows no inline script (functions/http/security-headers.ts).
const liveReloadScript = `<script src="${liveReload.scriptPath}"></script>`;

/** JSON made safe inside <script>: no "</script>", no HTML comment openers. */
const scriptSafe = (json: string): string =>
  json.replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");

/** The HTML shell around a rendered page. Pure: the same parts always give the same bytes. */
export function renderDocument(p: DocumentParts): string {
  const interactive = p.interactive ?? true;
  const css = p.assets.css.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`).join("");
  const preload = interactive ? p.assets.preload.map((href) => `<link rel="modulepreload" href="${escapeHtml(href)}">`).join("") : "";
  const entry = interactive ? `<script type="module" src="${escapeHtml(p.assets.entry)}"></script>` : "";
  const routerData = interactive ? `<script id="router-data" type="application/json">${scriptSafe(p.routerDataJson)}</script>` : "";
  return (
    `<!doctype html><html lang="en"${p.notFound ? " data-not-found" : ""}><head>` +
    `<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="theme-color" content="${escapeHtml(p.themeColor)}">` +
    `<!--${pageHeadMarker}-->${p.headHtml}<!--/${pageHeadMarker}-->` +
    `<link rel="icon" href="/favicon.svg" type="image/svg+xml">` +
    css +
    entry +
    preload +
    `</head><body><div id="root">${p.appHtml}</div>` +
    routerData +
    (p.liveReload ? liveReloadScript : "") +
    `</body></html>`
  );
}
