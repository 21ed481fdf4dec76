import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { Bundles } from "./bundle";
import type { RenderedFile } from "./worker-protocol";

export interface RouteKindRow {
  page: string;
  pages: number;
  htmlBytes: number;
  /** Gzipped JS a first visit to this kind of page downloads: entry + its imports + the page's chunks. */
  jsGzip: number;
  cssGzip: number;
}

export interface BuildSummary {
  rows: RouteKindRow[];
  totalPages: number;
  /** Pages the live output already had as they are (an update build leaves them untouched). */
  reusedPages: number;
  wallMs: number;
  phases: { bundle: number; content: number; render: number };
}

export async function summarize(args: { files: RenderedFile[]; bundles: Bundles; outDir: string; wallMs: number; phases: BuildSummary["phases"] }): Promise<BuildSummary> {
  const { assets } = args.bundles;
  const gz = new Map<string, number>();
  await Promise.all(args.bundles.assetFiles.map(async (url) => gz.set(url, gzipSync(await readFile(join(args.outDir, url))).length)));
  const size = (urls: string[]) => urls.reduce((n, u) => n + (gz.get(u) ?? 0), 0);
  const entryJs = args.bundles.entryFiles;
  const byPage = new Map<string, RouteKindRow>();
  for (const f of args.files) {
    const row = byPage.get(f.page) ?? { page: f.page, pages: 0, htmlBytes: 0, jsGzip: size([...entryJs, ...(assets.pages[f.page] ?? [])]), cssGzip: size(assets.css) };
    row.pages += 1;
    row.htmlBytes += f.bytes;
    byPage.set(f.page, row);
  }
  const rows = [...byPage.values()].sort((a, b) => b.pages - a.pages || a.page.localeCompare(b.page));
  return { rows, totalPages: args.files.length, reusedPages: args.files.filter((f) => !f.staged).length, wallMs: args.wallMs, phases: args.phases };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/** The table the build prints at the end. */
export function formatSummary(s: BuildSummary): string {
  const head = ["route kind", "pages", "HTML total", "HTML avg", "JS gzip", "CSS gzip"];
  const body = s.rows.map((r) => [r.page, String(r.pages), kb(r.htmlBytes), kb(r.htmlBytes / r.pages), kb(r.jsGzip), kb(r.cssGzip)]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((row) => row[i]?.length ?? 0)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join("  ");
  const p = s.phases;
  return [
    line(head),
    line(widths.map((w) => "-".repeat(w))),
    ...body.map(line),
    "",
    `${s.totalPages} pages (${s.totalPages - s.reusedPages} rendered, ${s.reusedPages} unchanged) in ${(s.wallMs / 1000).toFixed(2)} s (bundle ${(p.bundle / 1000).toFixed(2)} s, content ${(p.content / 1000).toFixed(2)} s, render+write ${(p.render / 1000).toFixed(2)} s)`,
  ].join("\n");
}
