// The desk's server render: the entry of the desk bundle's Node build (scripts/build-engine/desk-bundle.ts),
// which the desk's server loads and calls for every answer. Pure: the same page, frame and assets give the same bytes.
import { renderToString } from "react-dom/server";
import { escapeHtml } from "../format/escape-html";
import { themeColor } from "../styles/theme.css";
import { DeskFrameView } from "./desk-frame";
import type { DeskAssets, DeskFrame } from "./desk-page";
import { appIconPath, deskPath } from "./desk-routes";
import { DeskScreen, type DeskPage } from "./desk-screens";
import { FrameContext } from "./desk-ui";

export function renderDeskPage(page: DeskPage, frame: DeskFrame, assets: DeskAssets): string {
  const body = renderToString(
    <FrameContext value={frame}>
      <DeskFrameView frame={frame} title={page.title} section={page.section} layout={page.layout}>
        <DeskScreen page={page} />
      </DeskFrameView>
    </FrameContext>,
  );
  const title = `${page.title} · ${frame.siteName}`;
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="robots" content="noindex, nofollow">` +
    `<meta name="theme-color" content="${escapeHtml(themeColor)}">` +
    `<meta name="description" content="${escapeHtml(`The owner's desk of ${frame.siteName}`)}">` +
    `<title>${escapeHtml(title)}</title>` +
    `<link rel="icon" href="/favicon.svg" type="image/svg+xml">` +
    // The desk installs as an app of its own (the desk server's app-files.ts); the site's pages link no manifest.
    `<link rel="manifest" href="${deskPath.manifest}">` +
    `<link rel="apple-touch-icon" href="${appIconPath(180)}">` +
    assets.css.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`).join("") +
    `<script type="module" src="${escapeHtml(assets.script)}"></script>` +
    [...assets.preload, ...(page.screen === "post-editor" ? assets.editor : [])].map((href) => `<link rel="modulepreload" href="${escapeHtml(href)}">`).join("") +
    // Every way to the editor passes the Posts list: its code is fetched there while the owner picks
    // a post, at the browser's lowest priority, so the editor's first visit starts from the cache
    // (issue 37: 157 KB is about 0.8 s of a phone's 1.6 Mbit/s; scripts/bench-editor.ts measures the path).
    (page.screen === "posts" ? assets.editor.map((href) => `<link rel="prefetch" href="${escapeHtml(href)}">`).join("") : "") +
    `</head><body>${body}</body></html>`
  );
}
