import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { z } from "zod";
import { formatProblem, problemsFromZod, type ContentProblem } from "../../../src/content/content-error";
import type { LatLng } from "../../../src/components/map/projection";
import { readContentFile, resolveContentFile } from "../../../src/content/content-file";
import { splitFrontMatter } from "../../../src/content/front-matter";
import { homeSchema } from "../../../src/content/home";
import { locationSchema } from "../../../src/content/locations";
import { slugFromTitle } from "../../../src/content/post-slug";
import { loadRedirects, REDIRECTS_FILE, withRedirect, type Redirect } from "../../../src/content/redirects";
import { ESTIMATE_VISITS_FILE } from "../../../src/content/estimate-visits";
import { JOBS_FOLDER, listJobFiles } from "../../../src/content/jobs";
import { serviceSchema } from "../../../src/content/services";
import { townHeading } from "../../../src/content/town-heading";
import type { SitePageKind } from "../../../src/desk/desk-routes";
import { heroPhotoPaths, pageFieldsOf, valueAt, type PageField } from "../../../src/desk/page-fields";
import { writeFileAtomic } from "../../store/files/atomic-file";
import { pageVersionId, type PostPhotoRef, type PostsStore, type PostVersion } from "../../store/posts-store";
import { editJson } from "../json-edit";
import { PHOTO_NAME } from "../posts/post-files";
import { servableCopy, type ProcessedPhoto } from "../posts/posts-desk";
import type { PostRenderer } from "../posts/post-renderer";
import type { PublishOutcome } from "../publish-outcome";
import { editFrontMatter, replaceBody } from "../yaml-edit";
import { nearestTown, newTownText } from "./new-town";

// The site's own pages in the desk (Services, Service areas, Home page): a service
// (content/services/<slug>.md), a town (content/locations/<slug>.md) or the home page
// (content/home.json), opened as fields (src/desk/page-fields.ts), checked by the build's own
// schemas (a problem in its words, beside its field), written as a person would (yaml-edit.ts,
// json-edit.ts: a field changed rewrites only its lines), never over a version the form did not
// start from, kept as a version in the store (the posts' versions, under ids of their own:
// pageVersionId), then published.


const SERVICE_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const TOWN_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*-sc$/;

/** The order a person writes a file's keys in: the schema's, so a new key (a hero photo) goes where the docs put it. */
const keyOrder: Record<SitePageKind, readonly string[]> = {
  service: Object.keys(serviceSchema.shape),
  town: Object.keys(locationSchema.shape),
  home: Object.keys(homeSchema.shape),
};
const schemas: Record<SitePageKind, z.ZodType> = { service: serviceSchema, town: locationSchema, home: homeSchema };

export interface PageFile {
  kind: SitePageKind;
  slug: string;
  abs: string;
  /** As the build names it: content/services/tree-removal.md. */
  shown: string;
  /** Inside content/: services/tree-removal.md (the version's name in the store). */
  inner: string;
  text: string;
  sha: string;
  data: Record<string, unknown>;
  /** A service's Markdown intro. */
  body: string;
}

export interface PageDifference {
  label: string;
  saved: string;
  yours: string;
}

export type PageSaveResult =
  | { ok: true; file: PageFile; message: string; changed: boolean }
  | { ok: false; errors: Record<string, string>; other: string[] }
  | { ok: false; conflict: PageDifference[]; file: PageFile };

/** What a form posts: its fields by name, the version it was filled from, and the hero photo. */
export interface PagePost {
  baseSha: string;
  fields: Record<string, string>;
  /** A photo uploaded in the desk (its bytes are in the store by hash), or "remove". */
  photo?: { sha: string; name: string } | "remove";
  /** A town's place tapped on the map. */
  place?: LatLng;
}

const UPLOAD_LOST = "This photo's upload was lost: add the photo again.";

const sha = (text: string) => createHash("sha256").update(text).digest("hex");
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** Sets (or with undefined, takes out) the value at a dotted path, making groups on the way. */
function setAt(data: Record<string, unknown>, dotted: string, value: unknown): void {
  const keys = dotted.split(".");
  let at: unknown = data;
  for (const key of keys.slice(0, -1)) {
    const next: unknown = Array.isArray(at) ? at[Number(key)] : isRecord(at) ? at[key] : undefined;
    if (next === undefined && isRecord(at) && value !== undefined) at[key] = {};
    at = Array.isArray(at) ? at[Number(key)] : isRecord(at) ? at[key] : undefined;
  }
  const last = keys.at(-1)!;
  if (Array.isArray(at)) at[Number(last)] = value;
  else if (isRecord(at)) {
    if (value === undefined) delete at[last];
    else at[last] = value;
  }
}

export interface SitePagesOptions {
  contentDir: string;
  /** Where versions and photos are kept: the posts' part of the store. */
  store: PostsStore;
  publish: (reason: string) => Promise<PublishOutcome>;
  /** The site's photo pipeline with its cache (scripts/build-engine/photos.ts), for thumbnails the desk serves. */
  processPhoto: (bytes: Buffer, name: string) => Promise<ProcessedPhoto>;
  /** A file processPhoto made, by its name, from that cache (scripts/build-engine/photos.ts cachedPhotoFile). */
  processedPhotoFile: (fileName: string) => Promise<string | undefined>;
  /** Where the desk serves the files processPhoto made (thumbnails, a new hero photo in the preview): the file's name is appended. */
  photoUrlPrefix: string;
  /** The site's build, to show a page as it will be published (scripts/build-engine/post-preview.ts, in a worker thread). */
  renderer: Pick<PostRenderer, "page">;
  clock?: () => Date;
}

/** The build's problems, each beside the form's field it names (the first per field), the rest as the build prints them. */
function byField(problems: readonly ContentProblem[], names: ReadonlySet<string>): { errors: Record<string, string>; other: string[] } {
  const errors: Record<string, string> = {};
  const other: string[] = [];
  for (const p of problems) {
    if (names.has(p.field) && errors[p.field] === undefined) errors[p.field] = p.problem;
    else if (!names.has(p.field)) other.push(formatProblem(p));
  }
  return { errors, other };
}

export class SitePages {
  private readonly contentDir: string;
  private readonly clock: () => Date;
  /** One change of content at a time (this process is the one that writes content/ through the desk). */
  private turn: Promise<unknown> = Promise.resolve();

  /** The store and the publishing these pages use, for the photo library beside them (photo-library.ts). */
  readonly store: PostsStore;
  readonly publish: (reason: string) => Promise<PublishOutcome>;

  constructor(private readonly opts: SitePagesOptions) {
    this.contentDir = path.resolve(opts.contentDir);
    this.store = opts.store;
    this.publish = opts.publish;
    this.clock = opts.clock ?? (() => new Date());
  }

  /** Runs `work` after any other change this desk makes to the pages. */
  exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.turn.then(work, work);
    this.turn = run.catch(() => undefined);
    return run;
  }

  private where(kind: SitePageKind, slug: string): { abs: string; inner: string } | undefined {
    if (kind === "home") return { abs: path.join(this.contentDir, "home.json"), inner: "home.json" };
    const ok = kind === "service" ? SERVICE_SLUG.test(slug) : TOWN_SLUG.test(slug);
    if (!ok || slug.length > 80) return undefined;
    const inner = `${kind === "service" ? "services" : "locations"}/${slug}.md`;
    return { abs: path.join(this.contentDir, inner), inner };
  }

  /** The folder a page's photos go in, beside its file (docs/content.md: "./photos/crane.jpg"). */
  photoDir(kind: SitePageKind): string {
    return path.join(this.contentDir, kind === "service" ? "services" : kind === "town" ? "locations" : "", "photos");
  }

  private shown(abs: string): string {
    return path.relative(process.cwd(), abs).split(path.sep).join("/");
  }

  async read(kind: SitePageKind, slug = ""): Promise<PageFile | undefined> {
    const at = this.where(kind, slug);
    if (!at || !(await stat(at.abs).then((s) => s.isFile(), () => false))) return undefined;
    const shown = this.shown(at.abs);
    const text = await readContentFile(this.contentDir, at.abs, shown);
    if (kind === "home") {
      const data: unknown = JSON.parse(text);
      return { kind, slug, abs: at.abs, shown, inner: at.inner, text, sha: sha(text), data: isRecord(data) ? data : {}, body: "" };
    }
    const { data, body } = splitFrontMatter(shown, text);
    return { kind, slug, abs: at.abs, shown, inner: at.inner, text, sha: sha(text), data, body: body.trim() };
  }

  /** Every file of a kind (services or towns), in the order their `order` says. */
  async list(kind: "service" | "town"): Promise<PageFile[]> {
    const dir = path.join(this.contentDir, kind === "service" ? "services" : "locations");
    const names = (await readdir(dir).catch(() => [])).filter((n) => n.endsWith(".md") && !n.startsWith(".")).sort();
    const files: PageFile[] = [];
    for (const name of names) {
      const file = await this.read(kind, name.slice(0, -3)).catch(() => undefined);
      if (file) files.push(file);
    }
    const orderOf = (f: PageFile) => (typeof f.data.order === "number" ? f.data.order : Infinity);
    return files.sort((a, b) => orderOf(a) - orderOf(b) || a.slug.localeCompare(b.slug));
  }

  /** The fields as the form shows them (a town without a heading of its own shows the page's). */
  fields(file: PageFile): PageField[] {
    return pageFieldsOf(file.kind, file.data, file.body).map((f) =>
      file.kind === "town" && f.name === "heading" && f.value === "" ? { ...f, value: townHeading({ name: String(file.data.name ?? "") }) } : f,
    );
  }

  /** The hero photo the file names, as a path inside content/ (for the library and the editor's thumbnail). */
  heroPhoto(file: PageFile): { inner: string; alt: string } | undefined {
    const src = valueAt(file.data, heroPhotoPaths[file.kind].src);
    if (typeof src !== "string" || src.trim() === "") return undefined;
    const inner = path.posix.normalize(path.posix.join(path.posix.dirname(file.inner), src));
    const alt = valueAt(file.data, heroPhotoPaths[file.kind].alt);
    return { inner, alt: typeof alt === "string" ? alt : "" };
  }

  /** The file's data with the form's values in: only the fields the form has change. */
  private applied(file: PageFile, post: PagePost): { data: Record<string, unknown>; body: string } {
    const data = structuredClone(file.data);
    let body = file.body;
    for (const field of pageFieldsOf(file.kind, file.data, file.body)) {
      const posted = post.fields[field.name];
      if (posted === undefined) continue;
      if (field.name === "(body)") {
        body = posted.replaceAll("\r\n", "\n").trim();
        continue;
      }
      const value =
        field.kind === "lines"
          ? posted
              .split(/\r?\n/)
              .map((l) => l.trim())
              .filter(Boolean)
          : posted.replaceAll("\r\n", "\n").trim();
      const empty = Array.isArray(value) ? value.length === 0 : value === "";
      setAt(data, field.name, empty && field.optional ? undefined : value);
    }
    // A town's heading that is the page's own default is no heading of its own (the file stays as it was).
    if (file.kind === "town" && data.heading === townHeading({ name: String(data.name ?? "") })) delete data.heading;
    return { data, body };
  }

  /** Each field that differs between the file now and the form, as the owner reads them. */
  differences(file: PageFile, post: PagePost): PageDifference[] {
    return this.fields(file)
      .filter((f) => post.fields[f.name] !== undefined && post.fields[f.name]!.replaceAll("\r\n", "\n").trim() !== f.value.trim())
      .map((f) => ({ label: f.label, saved: f.value, yours: post.fields[f.name]! }));
  }

  /** The build's judgement of a page's data, each problem by the form's field name when the form has one. */
  check(kind: SitePageKind, shown: string, data: Record<string, unknown>, body: string, names: ReadonlySet<string>): { errors: Record<string, string>; other: string[] } {
    const problems: ContentProblem[] = [];
    const result = schemas[kind].safeParse(data);
    if (!result.success) problems.push(...problemsFromZod(shown, result.error));
    if (kind === "service" && body === "") problems.push({ file: shown, field: "(body)", problem: "the intro is empty: write 2-3 paragraphs of Markdown below the front matter" });
    const { src, alt } = heroPhotoPaths[kind];
    const altValue = valueAt(data, alt);
    if (valueAt(data, src) !== undefined && (typeof altValue !== "string" || altValue.trim() === "")) {
      // The build's words (src/content/named-photo.ts).
      problems.push({ file: shown, field: alt, problem: `is required with ${src}: describe what the photo shows, like ${alt}: "A split oak leaning on a roof"` });
    }
    return byField(problems, names);
  }

  /** The text the file would hold with `data` and `body`, changed only where they differ. */
  private textOf(file: PageFile, data: Record<string, unknown>, body: string): string {
    if (file.kind === "home") return editJson(file.text, data);
    const edited = editFrontMatter(file.text, data, keyOrder[file.kind]);
    return file.kind === "service" ? replaceBody(edited, body) : edited;
  }

  /**
   * The page as it will be published with the form's values (nothing is written): checked as
   * Save checks it (each problem beside its field), then rendered by the build's own page
   * renderer with the rest of the last build's content. The hero photo is the form's: a new one
   * (still only in the store) from the photo pipeline, its files where the desk serves them, as
   * a post's preview shows its photos; none once taken out.
   */
  async preview(kind: SitePageKind, slug: string, post: PagePost): Promise<{ ok: true; html: string } | { ok: false; errors: Record<string, string>; other: string[] }> {
    const file = await this.read(kind, slug);
    if (!file) return { ok: false, errors: {}, other: ["This page is not there any more: it was removed since you opened it."] };
    const { data, body } = this.applied(file, post);
    const placed = await this.applyPhoto(kind, data, post);
    if (placed === "lost") return { ok: false, errors: { heroPhoto: UPLOAD_LOST }, other: [] };
    const checked = this.checkForm(file, data, body);
    if (Object.keys(checked.errors).length > 0 || checked.other.length > 0) return { ok: false, ...checked };
    // The pipeline made it at upload already (posts-desk.ts addPhoto): its cache answers, by the bytes.
    const heroPhoto = placed.photo && servableCopy(await this.opts.processPhoto(placed.photo.bytes, placed.photo.name.replace(/\.\w+$/, "")), this.opts.photoUrlPrefix);
    const rendered = await this.opts.renderer.page({ kind, slug, file: file.shown, data, body, ...(heroPhoto ? { heroPhoto } : {}) });
    if (rendered.html !== undefined && rendered.problems.length === 0) return { ok: true, html: rendered.html };
    return { ok: false, ...byField(rendered.problems, this.formNames(file)) };
  }

  /**
   * The form's hero photo put in `data` as Save writes it: taken out ("remove"), or a new one's
   * path beside the page (placePhoto, which writes nothing); "lost" when its upload is not in the store.
   */
  private async applyPhoto(kind: SitePageKind, data: Record<string, unknown>, post: PagePost): Promise<{ photo?: PhotoToPlace } | "lost"> {
    const { src, alt } = heroPhotoPaths[kind];
    if (post.photo === "remove") {
      setAt(data, src, undefined);
      setAt(data, alt, undefined);
      return {};
    }
    if (!post.photo) return {};
    const photo = await this.placePhoto(kind, post.photo);
    if (!photo) return "lost";
    setAt(data, src, `./photos/${photo.name}`);
    return { photo };
  }

  /** The names a problem can be placed beside: the form's fields and the hero photo's path. */
  private formNames(file: PageFile): Set<string> {
    return new Set([...pageFieldsOf(file.kind, file.data, file.body).map((f) => f.name), heroPhotoPaths[file.kind].src]);
  }

  /** The build's judgement of the form's page (check), a problem with the photo's path beside the photo. */
  private checkForm(file: PageFile, data: Record<string, unknown>, body: string): { errors: Record<string, string>; other: string[] } {
    const { src } = heroPhotoPaths[file.kind];
    const checked = this.check(file.kind, file.shown, data, body, this.formNames(file));
    if (checked.errors[src]) checked.errors.heroPhoto = checked.errors[src]!;
    return checked;
  }

  /** Saves the form over the file it was filled from, then publishes. */
  save(kind: SitePageKind, slug: string, post: PagePost, by?: string): Promise<PageSaveResult> {
    return this.exclusive(async () => {
      const file = await this.read(kind, slug);
      if (!file) return { ok: false, errors: {}, other: ["This page is not there any more: it was removed since you opened it."] };
      if (file.sha !== post.baseSha) return { ok: false, conflict: this.differences(file, post), file };
      const { data, body } = this.applied(file, post);
      const placed = await this.applyPhoto(kind, data, post);
      if (placed === "lost") return { ok: false, errors: { heroPhoto: UPLOAD_LOST }, other: [] };
      const { photo } = placed;
      if (kind === "town" && post.place) {
        const map = isRecord(data.map) ? data.map : {};
        data.map = { ...map, latitude: Math.round(post.place.latitude * 10_000) / 10_000, longitude: Math.round(post.place.longitude * 10_000) / 10_000, label: map.label ?? "right" };
      }
      const checked = this.checkForm(file, data, body);
      if (Object.keys(checked.errors).length > 0 || checked.other.length > 0) return { ok: false, ...checked };
      const text = this.textOf(file, data, body);
      if (text === file.text && !photo) return { ok: true, file, message: "Nothing to save: the page was already like this.", changed: false };
      return this.write(file, text, photo, "saved", by);
    });
  }

  /** Writes a page's new text (and its new photo first), keeps the version, publishes; a build that refuses it puts the file back. */
  async write(file: PageFile, text: string, photo: PhotoToPlace | undefined, event: PostVersion["event"], by?: string, reason = "saved in the owner's desk"): Promise<PageSaveResult> {
    const id = pageVersionId(file.inner);
    await this.keepOutsideChange(file);
    if (photo && !photo.exists) {
      await mkdir(path.dirname(photo.abs), { recursive: true });
      await writeFileAtomic(photo.abs, photo.bytes);
    }
    await writeFileAtomic(file.abs, text, {
      // Saved by someone else since it was read: the last moment to refuse.
      beforeRename: async () => {
        const now = await readFile(file.abs, "utf8").then(sha, () => null);
        if (now !== file.sha) throw new Error(`${file.shown} changed while it was being saved`);
      },
    });
    const written = (await this.read(file.kind, file.slug))!;
    await this.record(id, written, event, by);
    const outcome = await this.opts.publish(`${file.shown} ${reason}`);
    if (!outcome.ok) {
      const ours = outcome.problems.filter((p) => p.file === file.shown);
      if (ours.length > 0) {
        // The build refused what the checks let through: the file goes back as it was (the live site never changed).
        await writeFileAtomic(file.abs, file.text);
        const names = new Set(pageFieldsOf(file.kind, file.data, file.body).map((f) => f.name));
        const errors: Record<string, string> = {};
        const other: string[] = [];
        for (const p of ours) (names.has(p.field) ? (errors[p.field] = p.problem) : other.push(formatProblem(p)));
        return { ok: false, errors, other };
      }
      return { ok: true, file: written, changed: true, message: `Saved, but the site could not be updated because of a problem in another file: ${outcome.problems.map(formatProblem).join("; ")}` };
    }
    return { ok: true, file: written, changed: true, message: "Saved. The site shows it now." };
  }

  /** The file as it is now, kept as a version first when it changed outside the desk (a person, a git pull): nothing is lost. */
  private async keepOutsideChange(file: PageFile): Promise<void> {
    const [latest] = await this.opts.store.history(pageVersionId(file.inner));
    if (latest?.text === file.text) return;
    await this.record(pageVersionId(file.inner), file, "found");
  }

  private async record(id: string, file: PageFile, event: PostVersion["event"], by?: string): Promise<void> {
    const photos: PostPhotoRef[] = [];
    const hero = this.heroPhoto(file);
    const bytes = hero && (await readFile(path.join(this.contentDir, hero.inner)).catch(() => undefined));
    if (hero && bytes) photos.push({ name: hero.inner, sha: await this.opts.store.putPhoto(bytes) });
    await this.opts.store.addVersion({ postId: id, slug: file.inner, at: this.clock().toISOString(), event, text: file.text, photos, ...(by ? { by } : {}) });
  }

  /** A photo uploaded in the desk, as the file it will be beside the page: its own name, or the next free one. */
  private async placePhoto(kind: SitePageKind, upload: { sha: string; name: string }): Promise<PhotoToPlace | undefined> {
    if (!PHOTO_NAME.test(upload.name)) return undefined;
    const bytes = await this.opts.store.photo(upload.sha);
    if (!bytes) return undefined;
    const dir = this.photoDir(kind);
    const [base, ext] = [upload.name.replace(/\.\w+$/, ""), upload.name.slice(upload.name.lastIndexOf("."))];
    for (let n = 1; ; n++) {
      const name = n === 1 ? upload.name : `${base}-${n}${ext}`;
      const abs = path.join(dir, name);
      const there = await readFile(abs).catch(() => undefined);
      if (!there) return { name, abs, bytes, exists: false };
      if (Buffer.compare(there, bytes) === 0) return { name, abs, bytes, exists: true };
    }
  }

  /** A small file of a photo inside content/ (its path there), where the desk serves it; undefined when it cannot be read. */
  async thumb(inner: string): Promise<string | undefined> {
    const abs = path.join(this.contentDir, inner);
    if (path.relative(this.contentDir, abs).startsWith("..")) return undefined;
    const bytes = await resolveContentFile(this.contentDir, abs, inner).then((real) => readFile(real), () => undefined);
    if (!bytes) return undefined;
    const processed = await this.opts.processPhoto(bytes, path.basename(inner).replace(/\.\w+$/, "")).catch(() => undefined);
    const fallback = processed?.photo.fallback;
    const smallest = processed?.photo.variants.filter((v) => v.format === fallback).sort((a, b) => a.width - b.width)[0];
    const file = smallest && processed?.files.find((f) => f.urlPath === smallest.url);
    if (!file) return undefined;
    return this.opts.photoUrlPrefix + path.posix.basename(file.urlPath);
  }

  /** A thumbnail's file by its name. Found in the photo cache, not kept in memory: it is asked of whichever instance nginx picks (README "Several instances") and after a restart, and memory would grow with every photo. */
  servableThumb(name: string): Promise<string | undefined> {
    return this.opts.processedPhotoFile(name);
  }

  /** The services' order as a form carries it: a move from an older list is refused. */
  static orderVersion(services: readonly PageFile[]): string {
    return sha(services.map((s) => `${s.slug}:${String(s.data.order)}`).join("\n"));
  }

  /**
   * Moves a service one place up or down in every list of services: the services are numbered
   * 1, 2, 3... in the new order, and only the files whose number changes are written (their
   * `order:` line). `version`: the list the owner saw.
   */
  moveService(slug: string, move: "up" | "down", version: string, by?: string): Promise<{ ok: true; message: string } | { ok: false; message: string }> {
    return this.exclusive(async () => {
      const services = await this.list("service");
      if (SitePages.orderVersion(services) !== version) return { ok: false, message: "Not moved: the order changed since this page was opened. Here it is now; try again." };
      const at = services.findIndex((s) => s.slug === slug);
      const to = move === "up" ? at - 1 : at + 1;
      if (at === -1 || to < 0 || to >= services.length) return { ok: false, message: "Not moved: it is already at that end of the list." };
      const reordered = [...services];
      [reordered[at], reordered[to]] = [reordered[to]!, reordered[at]!];
      const changed = reordered.map((file, i) => ({ file, order: i + 1 })).filter(({ file, order }) => file.data.order !== order);
      for (const { file } of changed) await this.keepOutsideChange(file);
      for (const { file, order } of changed) {
        const text = editFrontMatter(file.text, { ...file.data, order }, keyOrder.service);
        await writeFileAtomic(file.abs, text);
        await this.record(pageVersionId(file.inner), (await this.read("service", file.slug))!, "saved", by);
      }
      const outcome = await this.opts.publish(`the order of the services changed in the owner's desk`);
      const name = String(services[at]!.data.title ?? slug);
      return outcome.ok ? { ok: true, message: `Moved ${name} ${move}. The site lists the services in this order now.` } : { ok: true, message: `Moved ${name} ${move}, but the site could not be updated: ${outcome.problems.map(formatProblem).join("; ")}` };
    });
  }

  /**
   * A new town page from its name (new-town.ts) at the end of the lists, on the map where the
   * owner tapped (or not yet), then published: its page, the sitemap, the footer's list, the map.
   */
  addTown(name: string, place: LatLng | undefined, by?: string): Promise<{ ok: true; file: PageFile; message: string } | { ok: false; error: string }> {
    return this.exclusive(async () => {
      const clean = name.replace(/\s+/g, " ").trim().replace(/,?\s*(SC|South Carolina)$/i, "");
      const slug = `${slugFromTitle(clean)}-sc`;
      if (clean === "" || !TOWN_SLUG.test(slug)) return { ok: false, error: "Write the town's name, like Pelion." };
      if (clean.length > 60) return { ok: false, error: "That is longer than a town's name: write just the name, like Pelion." };
      const towns = await this.list("town");
      const same = towns.find((t) => t.slug === slug || String(t.data.name ?? "").toLowerCase() === clean.toLowerCase());
      if (same) return { ok: false, error: `${String(same.data.name)} is on the site already: open it in the list.` };
      const data = (t: PageFile) => t.data as { name?: string; theme?: string; map?: LatLng; primary?: boolean; order?: number };
      const home = towns.find((t) => data(t).primary);
      const services = (await this.list("service")).map((s) => ({ title: String(s.data.title ?? ""), serviceType: String(s.data.serviceType ?? "") }));
      const text = newTownText({
        name: clean,
        order: Math.max(0, ...towns.map((t) => (typeof data(t).order === "number" ? data(t).order! : 0))) + 1,
        place,
        home: { name: String(home ? data(home).name : ""), map: home ? data(home).map : undefined },
        towns: towns.map((t) => ({ name: String(data(t).name ?? ""), theme: String(data(t).theme ?? "suburban"), map: data(t).map })),
        services,
      });
      const inner = `locations/${slug}.md`;
      const abs = path.join(this.contentDir, inner);
      const { data: parsed } = splitFrontMatter(inner, text);
      const checked = this.check("town", this.shown(abs), parsed, "", new Set());
      if (checked.other.length > 0) return { ok: false, error: `The new page would not build: ${checked.other.join("; ")}` };
      // The address is a town's again: an old redirect from it goes.
      await this.setRedirects((list) => list.filter((r) => r.from !== `/locations/${slug}`));
      await writeFileAtomic(abs, text);
      const file = (await this.read("town", slug))!;
      await this.record(pageVersionId(inner), file, "saved", by);
      const outcome = await this.opts.publish(`${file.shown} added in the owner's desk`);
      if (!outcome.ok && outcome.problems.some((p) => p.file === file.shown)) {
        await rm(abs, { force: true });
        return { ok: false, error: `The new page would not build: ${outcome.problems.map(formatProblem).join("; ")}` };
      }
      return { ok: true, file, message: place ? `${clean} is on the site now, with its own page and its place on the map.` : `${clean} is on the site now, with its own page. Tap the map below to put it on the map.` };
    });
  }

  /**
   * Takes a town off the site: its page goes (kept in the history), and its address leads to the
   * nearest town that stays (by the map), or to the list of towns when it had no place.
   */
  removeTown(slug: string, baseSha: string, by?: string): Promise<{ ok: true; message: string } | { ok: false; error: string }> {
    return this.exclusive(async () => {
      const file = await this.read("town", slug);
      if (!file) return { ok: false, error: "That town is not on the site any more." };
      if (file.sha !== baseSha) return { ok: false, error: "Not removed: the page changed since you opened it. Look at it again first." };
      if (file.data.primary === true) return { ok: false, error: "The home town cannot be removed: it is where the business is." };
      // A job done there names the town (content/work): the build would refuse it once the town is gone.
      const jobs = await this.jobsIn(slug);
      if (jobs.length > 0) {
        const named = jobs.length === 1 ? "a job in Our work is" : `${jobs.length} jobs in Our work are`;
        return { ok: false, error: `Not removed: ${named} in ${String(file.data.name)} (${jobs.join(", ")}). Change their town or remove them in Our work first.` };
      }
      const others = (await this.list("town")).filter((t) => t.slug !== slug);
      const place = file.data.map as LatLng | undefined;
      const nearest = nearestTown(place, others.map((t) => ({ slug: t.slug, name: String(t.data.name), map: t.data.map as LatLng | undefined })));
      const to = nearest ? `/locations/${nearest.slug}` : "/locations";
      await this.keepOutsideChange(file);
      await this.setRedirects((list) => withRedirect(list, `/locations/${slug}`, to));
      await this.stopVisiting(slug);
      await this.opts.store.addVersion({ postId: pageVersionId(file.inner), slug: file.inner, at: this.clock().toISOString(), event: "deleted", text: file.text, photos: [], ...(by ? { by } : {}) });
      await rm(file.abs);
      const outcome = await this.opts.publish(`${file.shown} removed in the owner's desk`);
      const leads = `Its old address ${outcome.ok ? "now leads" : "will lead"} to ${nearest ? nearest.name : "the list of towns"}.`;
      return {
        ok: true,
        message: outcome.ok
          ? `${String(file.data.name)} is off the site. ${leads}`
          : `${String(file.data.name)} is taken out, but the site could not be rebuilt yet because of a problem in another file: ${outcome.problems.map(formatProblem).join("; ")}. ${leads}`,
      };
    });
  }

  /** The jobs of Our work (their folder names) that name the town. */
  private async jobsIn(slug: string): Promise<string[]> {
    const { files } = await listJobFiles(path.join(this.contentDir, JOBS_FOLDER));
    const named: string[] = [];
    for (const job of files) {
      const text = await readFile(job.abs, "utf8").catch(() => "");
      const town = (() => {
        try {
          return splitFrontMatter(job.shown, text).data.town;
        } catch {
          return undefined;
        }
      })();
      if (town === slug) named.push(job.slug);
    }
    return named;
  }

  /** A removed town is no longer offered estimate visits (content/estimate-visits.json names its towns; only that line changes). */
  private async stopVisiting(slug: string): Promise<void> {
    const file = path.join(this.contentDir, ESTIMATE_VISITS_FILE);
    const text = await readFile(file, "utf8").catch(() => undefined);
    if (text === undefined) return;
    const offer: unknown = JSON.parse(text);
    if (typeof offer !== "object" || offer === null || !("towns" in offer) || !Array.isArray(offer.towns) || !offer.towns.includes(slug)) return;
    await writeFileAtomic(file, editJson(text, { ...offer, towns: offer.towns.filter((t: unknown) => t !== slug) }));
  }

  private async setRedirects(change: (list: Redirect[]) => Redirect[]): Promise<void> {
    const before = await loadRedirects(this.contentDir);
    const after = change(before);
    if (JSON.stringify(after) === JSON.stringify(before)) return;
    const file = path.join(this.contentDir, REDIRECTS_FILE);
    const text = await readFile(file, "utf8").catch(() => undefined);
    await writeFileAtomic(file, text === undefined ? `${JSON.stringify(after, null, 2)}\n` : editJson(text, after));
  }

  async history(file: PageFile): Promise<PostVersion[]> {
    return this.opts.store.history(pageVersionId(file.inner));
  }

  /** Writes a kept version back over the page as it is now (`baseSha`: the file the history showed), with its photo, and publishes. */
  restore(kind: SitePageKind, slug: string, versionId: string, baseSha: string, by?: string): Promise<PageSaveResult> {
    return this.exclusive(async () => {
      const file = await this.read(kind, slug);
      const version = await this.opts.store.version(versionId);
      if (!file || !version?.text || version.postId !== pageVersionId(file.inner)) return { ok: false, errors: {}, other: ["That version is not kept: open the history again."] };
      if (file.sha !== baseSha) return { ok: false, conflict: [], file };
      // Its photo back where it was, if it is gone (removed from the library since).
      for (const p of version.photos) {
        const abs = path.join(this.contentDir, p.name);
        const bytes = await this.opts.store.photo(p.sha);
        if (bytes && !(await stat(abs).then(() => true, () => false)) && !path.relative(this.contentDir, abs).startsWith("..")) {
          await mkdir(path.dirname(abs), { recursive: true });
          await writeFileAtomic(abs, bytes);
        }
      }
      const restored = { ...file, text: version.text };
      const data = kind === "home" ? (JSON.parse(version.text) as Record<string, unknown>) : splitFrontMatter(file.shown, version.text).data;
      const body = kind === "home" ? "" : splitFrontMatter(file.shown, version.text).body.trim();
      const checked = this.check(kind, file.shown, data, body, new Set());
      if (checked.other.length > 0) return { ok: false, errors: {}, other: checked.other };
      const result = await this.write(file, restored.text, undefined, "restored", by, "restored in the owner's desk");
      return result.ok ? { ...result, message: "Restored: the page is as it was then." } : result;
    });
  }
}

export interface PhotoToPlace {
  name: string;
  abs: string;
  bytes: Buffer;
  /** The same photo is there already under this name. */
  exists: boolean;
}
