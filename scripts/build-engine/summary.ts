import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { formatBusinessTime } from "../../src/format/business-time";
import type { Post } from "../../src/content/posts";
import type { Bundles } from "./bundle";
import type { RenderedFile } from "./worker-protocol";
import { pathTo } from "../../src/routes";

export interface RouteKindRow {
  page: string;
  pages: number;
  htmlBytes: number;
  /** Gzipped JS a first visit to this kind of page downloads: the site script and its imports, plus the page's islands. */
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
  posts: PostNews;
  /** The "Before launch" line while content/site.json lists placeholders (scripts/build-engine/placeholders.ts). */
  placeholders?: string | null;
}

/** One post as the owner finds it: its address and title (or its file, for drafts). */
export interface PostNote {
  path: string;
  file: string;
  title: string;
  /** ISO. */
  publishDate: string;
}

/** What this build did with posts, for the owner (the summary's last lines; scripts/start.ts schedules by nextPublishAt). */
export interface PostNews {
  /** Published by this build and new or edited since the previous one. */
  changed: PostNote[];
  /** Left out of production builds until `draft: true` is removed. */
  drafts: PostNote[];
  /** Dated after this build: they go live with the first build after their date. */
  scheduled: PostNote[];
  /** The earliest scheduled publishDate (ISO), if any. */
  nextPublishAt?: string;
  timeZone: string;
}

export interface PostNewsInput {
  /** Every post parsed, drafts and future ones included. */
  posts: Post[];
  /** Files of the posts parsed again by this build (new or edited). */
  changed: ReadonlySet<string>;
  now: Date;
  mode: "production" | "development";
  timeZone: string;
}

/** Pure: sorts the posts into what the owner should hear about. */
export function postNews({ posts, changed, now, mode, timeZone }: PostNewsInput): PostNews {
  const note = (p: Post): PostNote => ({ path: pathTo.post(p.slug), file: p.file, title: p.title, publishDate: p.publishDate.toISOString() });
  const future = (p: Post) => p.publishDate.getTime() > now.getTime();
  const byDate = (a: PostNote, b: PostNote) => a.publishDate.localeCompare(b.publishDate);
  const scheduled = posts.filter((p) => !p.draft && future(p)).map(note).sort(byDate);
  const live = (p: Post) => !future(p) && (!p.draft || mode === "development");
  return {
    changed: posts.filter((p) => changed.has(p.file) && live(p)).map(note),
    drafts: posts.filter((p) => p.draft).map(note),
    scheduled,
    nextPublishAt: scheduled[0]?.publishDate,
    timeZone,
  };
}

/** What each page and the stylesheet weigh gzipped: the summary's columns and what scripts/build-engine/budgets.ts checks. */
export interface Weights {
  /** Gzipped JavaScript a first visit to a page with these islands downloads: the site script, its imports, the islands' code. */
  js: (islands: readonly string[]) => number;
  cssGzip: number;
}

/** Reads the client assets (from the first of `dirs` holding each: the staging folder, then the live one) and gzips them. */
// Asset names carry a hash of their bytes (scripts/build-engine/bundle.ts), so a name always weighs the same:
// a long-running process gzips each asset once.
const gzipped = new Map<string, number>();

export async function measureAssets(bundles: Bundles, dirs: readonly string[]): Promise<Weights> {
  const gz = gzipped;
  const read = async (url: string) => {
    for (const dir of dirs) {
      const bytes = await readFile(join(dir, url)).catch(() => undefined);
      if (bytes) return bytes;
    }
    throw new Error(`asset ${url} is missing`);
  };
  await Promise.all(bundles.assetFiles.map(async (url) => gz.has(url) || gz.set(url, gzipSync(await read(url)).length)));
  const size = (urls: Iterable<string>) => [...urls].reduce((n, u) => n + (gz.get(u) ?? 0), 0);
  const { assets } = bundles;
  // A name declared in src/app/islands.ts without its file would load nothing in the browser.
  const islandFiles = (name: string) => {
    const files = assets.islands[name];
    if (!files) throw new Error(`island "${name}" has no file src/islands/${name}.tsx exporting Component`);
    return files;
  };
  return {
    js: (islands) => size(new Set([...bundles.entryFiles, ...islands.flatMap((name) => islandFiles(name))])),
    cssGzip: size(assets.css),
  };
}

export async function summarize(args: { files: RenderedFile[]; weights: Weights; wallMs: number; phases: BuildSummary["phases"]; posts: PostNewsInput }): Promise<BuildSummary> {
  const byPage = new Map<string, RouteKindRow>();
  for (const f of args.files) {
    const row = byPage.get(f.page) ?? { page: f.page, pages: 0, htmlBytes: 0, jsGzip: 0, cssGzip: args.weights.cssGzip };
    row.pages += 1;
    row.htmlBytes += f.bytes;
    // The heaviest page of its kind (a kind's pages may differ in islands).
    row.jsGzip = Math.max(row.jsGzip, args.weights.js(f.islands ?? []));
    byPage.set(f.page, row);
  }
  const rows = [...byPage.values()].sort((a, b) => b.pages - a.pages || a.page.localeCompare(b.page));
  return { rows, totalPages: args.files.length, reusedPages: args.files.filter((f) => !f.staged).length, wallMs: args.wallMs, phases: args.phases, posts: postNews(args.posts) };
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
    ...formatPostNews(s.posts),
    ...(s.placeholders ? ["", s.placeholders] : []),
  ].join("\n");
}

/** Long lists are cut: the first build of a big blog has every post "new". */
const LISTED = 10;

/** The owner's lines: which posts went out, which wait (drafts), which go out later and when. */
export function formatPostNews(n: PostNews): string[] {
  const section = (title: string, notes: PostNote[], line: (n: PostNote) => string) =>
    notes.length === 0 ? [] : ["", `${title} (${notes.length}):`, ...notes.slice(0, LISTED).map((x) => `  ${line(x)}`), ...(notes.length > LISTED ? [`  ... and ${notes.length - LISTED} more`] : [])];
  return [
    ...section("New or changed posts", n.changed, (x) => `${x.path}  ${x.title}`),
    ...section("Drafts, not on the live site (remove draft: true to publish)", n.drafts, (x) => `${x.file}  ${x.title}`),
    ...section("Scheduled", n.scheduled, (x) => `${x.path}  ${x.title}  goes live ${formatBusinessTime(x.publishDate, n.timeZone)}`),
  ];
}
