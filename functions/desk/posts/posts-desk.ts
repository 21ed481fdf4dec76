import { createHash, randomUUID } from "node:crypto";
import path from "node:path";
import type sharpModule from "sharp";
import type { ContentProblem } from "../../../src/content/content-error";
import { readIsoDate } from "../../../src/content/iso-date";
import { loadSite } from "../../../src/content/load-content";
import type { Photo } from "../../../src/content/photo";
import type { FieldProblem, FormField, HistoryItem, OpenedPost, PostForm, PostListItem, PostStatus } from "../../../src/content/post-form";
import { photoFileName } from "../../../src/content/photo-name";
import { isSlug, SLUG_HINT, slugFromTitle } from "../../../src/content/post-slug";
import { loadRedirects, REDIRECTS_FILE, withRedirect } from "../../../src/content/redirects";
import type { Site } from "../../../src/content/site";
import { instantOfWallTime, wallTimeIn } from "../../../src/format/business-time";
import { isPageVersion, type PostPhotoRef, type PostsStore, type PostVersion } from "../../store/posts-store";
import type { PublishOutcome } from "../publish-outcome";
import { writeFileAtomic } from "../../store/files/atomic-file";
import { PostIndex } from "./post-index";
import { ConflictError, PostFiles, type PostOnDisk, type PhotoToWrite } from "./post-files";
import type { PostRenderer } from "./post-renderer";
import { postValues, readPostSource, writePostSource, type KeyValue, type PostSource, type PostValues } from "./post-source";
import { prepareUpload } from "./photo-upload";

// The owner's posts, as the desk's screens ask for them: list, open, autosave, preview, save a
// draft, publish, schedule, unpublish, delete and undo, history and restore. Every change is
// checked by the build's own parser first (a problem is said in the build's words, beside its
// field, and nothing is written), written as a person would write the file (post-source.ts,
// post-files.ts), kept as a version (functions/store/posts-store.ts), then published by the
// same build as a file dropped in content/ (`publish`, given by the server).

/** A photo as the site's photo pipeline made it (scripts/build-engine/photos.ts processPhoto). */
export interface ProcessedPhoto {
  photo: Photo;
  files: Array<{ urlPath: string; cachedFile: string }>;
}

/**
 * The photo with its files' addresses where the desk serves them (`urlPrefix` + the file's name):
 * they are not on the site yet. A post's photos in its preview, and a page's new hero photo in
 * its preview (pages/site-pages.ts).
 */
export function servableCopy(processed: ProcessedPhoto, urlPrefix: string): Photo {
  return { ...processed.photo, variants: processed.photo.variants.map((v) => ({ ...v, url: urlPrefix + path.posix.basename(v.url) })) };
}

export interface PostsDeskOptions {
  contentDir: string;
  store: PostsStore;
  renderer: PostRenderer;
  /** The site's photo pipeline, with its cache: a photo made small for phones, as the build makes it. */
  processPhoto(bytes: Buffer, name: string): Promise<ProcessedPhoto>;
  /** The file of a photo processPhoto made, by its file name (scripts/build-engine/photos.ts cachedPhotoFile), if it made it. */
  processedPhotoFile(fileName: string): Promise<string | undefined>;
  loadSharp(): Promise<typeof sharpModule>;
  /** Builds and publishes the site now, as for a file dropped in content/ (npm start's publisher). */
  publish(reason: string): Promise<PublishOutcome>;
  /** Where the desk serves the files of photos that are not on the site yet (its preview and thumbnails). */
  photoUrlPrefix: string;
  clock?: () => Date;
}

export type Action = "draft" | "publish" | "schedule" | "unpublish";

export type SaveResult =
  | { ok: true; opened: OpenedPost; message: string; liveUrl?: string }
  | { ok: false; problems: FieldProblem[] }
  | { ok: false; conflict: { yours: string; theirs: string | null } };

/** A problem of the build, beside the field of the form it is about. */
function fieldOf(problem: ContentProblem): FormField {
  const field = problem.field;
  if (field === "title" || field === "category" || field === "publishDate" || field === "slug") return field;
  if (field === "excerpt") return "summary";
  if (field === "metaDescription") return "searchDescription";
  if (field === "image" || field === "imageAlt") return "cover";
  if (field.startsWith("photo ") || field === "(body)") return "text";
  return "post";
}
const toField = (problems: readonly ContentProblem[]): FieldProblem[] => problems.map((p) => ({ field: fieldOf(p), message: p.problem }));

const coverName = (src: string) => src.replace(/^\.\//, "");

export class PostsDesk {
  readonly files: PostFiles;
  private readonly index: PostIndex;
  private readonly clock: () => Date;

  constructor(private readonly opts: PostsDeskOptions) {
    this.files = new PostFiles(opts.contentDir);
    this.index = new PostIndex(opts.contentDir);
    this.clock = opts.clock ?? (() => new Date());
  }

  private site(): Promise<Site> {
    return loadSite(this.opts.contentDir);
  }

  /** A photo file made for the preview or a thumbnail, when the desk made it. */
  servablePhoto(name: string): Promise<string | undefined> {
    // Found in the photo cache, not kept in memory: a thumbnail is asked of whichever instance nginx
    // picks (README "Several instances"), and after a restart, and memory would grow with every photo.
    return this.opts.processedPhotoFile(name);
  }

  // ---------------------------------------------------------------- list, open

  async list(query = ""): Promise<{ posts: PostListItem[]; unsavedNew: { postId: string; title: string; at: string }[] }> {
    const now = this.clock();
    const [posts, drafts] = await Promise.all([this.index.list(now), this.opts.store.drafts()]);
    const unsavedBySlug = new Set<string>();
    const unsavedNew: { postId: string; title: string; at: string }[] = [];
    for (const draft of drafts) {
      const form = draft.state as Partial<PostForm>;
      if (form.savedSlug) unsavedBySlug.add(form.savedSlug);
      else unsavedNew.push({ postId: draft.postId, title: form.title || "Untitled post", at: draft.at });
    }
    const words = query.toLowerCase().split(/\s+/).filter(Boolean);
    const order: Record<PostStatus, number> = { problem: 0, draft: 1, scheduled: 2, published: 3 };
    const items = posts
      .filter((p) => words.every((w) => p.title.toLowerCase().includes(w)))
      .map((p) => ({ slug: p.fileSlug, title: p.title, status: p.status, publishDate: p.publishDate?.toISOString() ?? null, unsaved: unsavedBySlug.has(p.fileSlug) }))
      .sort((a, b) => order[a.status] - order[b.status] || (b.publishDate ?? "").localeCompare(a.publishDate ?? ""));
    return { posts: items, unsavedNew: words.length > 0 ? unsavedNew.filter((d) => words.every((w) => d.title.toLowerCase().includes(w))) : unsavedNew };
  }

  /** A new, empty post; or the unsaved new post `postId` when autosave kept one. */
  async newPost(postId?: string): Promise<OpenedPost> {
    const site = await this.site();
    const today = wallTimeIn(site.timeZone, this.clock());
    const form: PostForm = {
      postId: randomUUID(),
      baseSha: null,
      savedSlug: "",
      slug: "",
      title: "",
      category: "",
      summary: "",
      searchDescription: null,
      text: "",
      cover: null,
      featured: false,
      publishDate: { date: today.date, time: "" },
      photos: [],
    };
    const kept = postId ? await this.opts.store.draft(postId) : undefined;
    return { form: kept ? (kept.state as PostForm) : form, status: "new", published: false };
  }

  async open(slug: string): Promise<OpenedPost | undefined> {
    const post = await this.files.read(slug);
    if (!post) return undefined;
    const site = await this.site();
    const source = readPostSource(post.shown, post.text);
    const postId = await this.postIdFor(post, source);
    const form = formOf(post, source, postId, site.timeZone);
    const draft = await this.opts.store.draft(postId);
    const history = await this.opts.store.history(postId);
    const status = statusOf(source, this.clock());
    return {
      form,
      status,
      published: status === "published" || history.some((v) => v.event === "published"),
      ...(draft && (draft.state as PostForm).baseSha !== undefined ? { unsaved: { at: draft.at, form: draft.state as PostForm } } : {}),
    };
  }

  /** The post's lasting id: from its history (by its address), or, for a post never saved in the desk, from its file's name. */
  private async postIdFor(post: PostOnDisk, source: PostSource): Promise<string> {
    const slug = typeof source.data.slug === "string" ? source.data.slug : post.fileSlug;
    return (await this.opts.store.latestBySlug(slug))?.postId ?? (await this.opts.store.latestBySlug(post.fileSlug))?.postId ?? idOfUnsavedFile(post.fileSlug);
  }

  // ---------------------------------------------------------------- autosave, preview

  async autosave(form: PostForm): Promise<void> {
    await this.opts.store.saveDraft({ postId: form.postId, at: this.clock().toISOString(), state: form });
  }

  async discardUnsaved(postId: string): Promise<void> {
    await this.opts.store.discardDraft(postId);
  }

  /** The post's page as it will be published, or what the build would refuse. */
  async preview(form: PostForm): Promise<{ html?: string; problems: FieldProblem[] }> {
    const draft = await this.draftText(form, "publish");
    if (draft.kind === "problems") return { problems: draft.problems };
    if (draft.kind === "conflict") return { problems: [{ field: "post", message: "this post was deleted or renamed since you opened it: go back to the list" }] };
    const photos = Object.fromEntries(Object.entries(draft.photos).map(([shown, p]) => [shown, this.servableCopy(p)]));
    const result = await this.opts.renderer.preview(draft.shown, draft.text, photos);
    return { ...(result.html ? { html: result.html } : {}), problems: toField(result.problems) };
  }

  private servableCopy(processed: ProcessedPhoto): Photo {
    return servableCopy(processed, this.opts.photoUrlPrefix);
  }

  // ---------------------------------------------------------------- photos

  /** Checks and keeps an uploaded photo (photo-upload.ts); its name comes from its description. */
  async addPhoto(bytes: Uint8Array, description: string, taken: readonly string[]): Promise<{ name: string; sha: string; thumb: string; width: number; height: number }> {
    const prepared = await prepareUpload(bytes, await this.opts.loadSharp());
    const sha = await this.opts.store.putPhoto(prepared.bytes);
    const name = photoFileName(description, prepared.format, taken);
    // Made for phones now, as the build will: the preview shows it, and publishing finds it done.
    const processed = await this.opts.processPhoto(prepared.bytes, name.replace(/\.\w+$/, ""));
    return { name, sha, thumb: this.thumbOf(processed), width: prepared.width, height: prepared.height };
  }

  /** The smallest file of a photo, where the desk serves it. */
  private thumbOf(processed: ProcessedPhoto): string {
    const photo = this.servableCopy(processed);
    const smallest = photo.variants.filter((v) => v.format === photo.fallback).sort((a, b) => a.width - b.width)[0];
    return smallest?.url ?? "";
  }

  /** The smallest file the site's pipeline makes of a photo, served by the desk: another section's thumbnails (Our work). */
  async thumb(bytes: Buffer, name: string): Promise<string> {
    return this.thumbOf(await this.opts.processPhoto(bytes, name));
  }

  /** Thumbnails of the photos a form names. */
  async thumbs(form: PostForm): Promise<Record<string, string>> {
    const photos = await this.photoBytes(form);
    const out: Record<string, string> = {};
    for (const [name, bytes] of photos) out[name] = this.thumbOf(await this.opts.processPhoto(bytes, name.replace(/\.\w+$/, "")));
    return out;
  }

  /** Every photo of the post: those beside it on disk and those uploaded in the desk, by name. */
  private async photoBytes(form: PostForm): Promise<Map<string, Buffer>> {
    const out = new Map<string, Buffer>();
    for (const p of form.photos) {
      const bytes = p.sha ? await this.opts.store.photo(p.sha) : form.savedSlug ? await this.files.photoBytes(form.savedSlug, p.name).catch(() => undefined) : undefined;
      if (bytes) out.set(p.name, bytes);
    }
    return out;
  }

  // ---------------------------------------------------------------- the file a form makes

  /**
   * The file the form makes for `action`, where it goes, and its photos as the pipeline made
   * them (keyed as the build names them), checked for what the desk itself decides (the address).
   */
  private async draftText(form: PostForm, action: Action) {
    const site = await this.site();
    const problems: FieldProblem[] = [];
    const original = form.savedSlug ? await this.files.read(form.savedSlug) : undefined;
    if (form.savedSlug && !original) return { kind: "conflict" as const };
    const source = original ? readPostSource(original.shown, original.text) : undefined;
    const slug = form.slug.trim() || slugFromTitle(form.title);
    if (!slug && !form.title.trim()) problems.push({ field: "title", message: "is required" });
    else if (!isSlug(slug)) problems.push({ field: "slug", message: SLUG_HINT });
    // A `slug:` line gives the post its address; otherwise its file's name does (renamed with it).
    const keyed = source !== undefined && typeof source.data.slug === "string";
    const fileSlug = keyed ? form.savedSlug : slug;
    // A post keeping its address needs no look at the others (4,000 files' stamps): the build checks that one.
    const oldAddress = source && typeof source.data.slug === "string" ? source.data.slug : original?.fileSlug;
    if (isSlug(slug) && slug !== oldAddress) problems.push(...(await this.addressProblems(slug, fileSlug, form.savedSlug)));
    const values = valuesOf(form, source, action, site.timeZone, this.clock(), keyed ? slug : undefined);
    if ("problem" in values) problems.push(values.problem);
    if (problems.length > 0 || "problem" in values) return { kind: "problems" as const, problems };
    const text = writePostSource(source, values.values, form.text);
    const photoBytes = await this.photoBytes(form);
    const folder = photoBytes.size > 0 || original?.folder === true;
    const abs = folder ? path.join(this.files.dir, fileSlug, "index.md") : path.join(this.files.dir, `${fileSlug}.md`);
    const shown = path.relative(process.cwd(), abs).split(path.sep).join("/");
    const photos: Record<string, ProcessedPhoto> = {};
    for (const [name, bytes] of photoBytes) photos[`${path.posix.dirname(shown)}/${name}`] = await this.opts.processPhoto(bytes, name.replace(/\.\w+$/, ""));
    return { kind: "ok" as const, text, shown, slug, fileSlug, original, oldAddress, photos, photoBytes, site };
  }

  /** The address is free: no other post has it, and it is not an old address kept for another post. */
  private async addressProblems(slug: string, fileSlug: string, savedSlug: string): Promise<FieldProblem[]> {
    const others = (await this.index.list(this.clock())).filter((p) => p.fileSlug !== savedSlug);
    const taken = others.find((p) => p.slug === slug || p.fileSlug === fileSlug);
    if (taken) return [{ field: "slug", message: `"${slug}" is already the address of the post "${taken.title}": choose another` }];
    const kept = (await loadRedirects(this.opts.contentDir)).find((r) => r.from === `/blog/${slug}` && r.to !== `/blog/${savedSlug}`);
    if (kept) return [{ field: "slug", message: `"${slug}" was the address of another post and still leads to it (${kept.to}): choose another` }];
    return [];
  }

  // ---------------------------------------------------------------- save, publish, schedule, unpublish

  async save(form: PostForm, action: Action, by?: string): Promise<SaveResult> {
    const lockSlugs = [form.savedSlug, form.slug].filter(isSlug);
    return this.files.exclusive(lockSlugs, async () => {
      const made = await this.draftText(form, action);
      if (made.kind === "conflict") return { ok: false, conflict: { yours: form.text, theirs: null } };
      if (made.kind === "problems") return { ok: false, problems: made.problems };
      const { text, shown, slug, fileSlug, original, oldAddress, photos, photoBytes, site } = made;
      if (original && original.sha !== form.baseSha) return { ok: false, conflict: { yours: text, theirs: original.text } };
      // A published post's changes saved as a draft stay in the desk: visitors keep the published version.
      const live = original ? statusOf(readPostSource(original.shown, original.text), this.clock()) : "draft";
      if (action === "draft" && original && live !== "draft") {
        await this.autosave(form);
        return { ok: true, opened: (await this.open(form.savedSlug))!, message: "Saved. Visitors still see the published version until you press Publish." };
      }
      const toWrite: PhotoToWrite[] = [...photoBytes].filter(([name]) => form.photos.some((p) => p.name === name && p.sha)).map(([name, bytes]) => ({ name, bytes }));
      if (original && text === original.text && toWrite.length === 0 && fileSlug === original.fileSlug) {
        await this.opts.store.discardDraft(form.postId);
        return { ok: true, opened: (await this.open(fileSlug))!, message: "Nothing had changed: the post is as it was." };
      }
      const checked = await this.opts.renderer.check(shown, text, Object.fromEntries(Object.entries(photos).map(([k, p]) => [k, p.photo])));
      if (checked.problems.length > 0) return { ok: false, problems: toField(checked.problems) };
      if (action === "schedule" && checked.post && new Date(checked.post.publishDate) <= this.clock()) {
        return { ok: false, problems: [{ field: "publishDate", message: "is not in the future: pick a later date and time, or press Publish to publish now" }] };
      }

      const postId = form.postId;
      await this.keepOutsideChange(postId, original, slug);
      if (original && fileSlug !== original.fileSlug) await this.files.rename(original.fileSlug, fileSlug);
      let written: PostOnDisk;
      try {
        written = await this.files.write(fileSlug, original ? original.sha : null, text, toWrite);
      } catch (error) {
        if (error instanceof ConflictError) return { ok: false, conflict: { yours: text, theirs: error.current?.text ?? null } };
        throw error;
      }
      const event = action === "draft" ? "saved" : action === "publish" ? "published" : action === "schedule" ? "scheduled" : "unpublished";
      await this.record(postId, slug, event, written, by);
      // A published post's old address keeps working.
      if (live === "published" && oldAddress !== undefined && oldAddress !== slug) await this.addRedirect(`/blog/${oldAddress}`, `/blog/${slug}`);
      const outcome = await this.opts.publish(`${written.shown} ${event} in the owner's desk`);
      if (!outcome.ok) {
        const ours = outcome.problems.filter((p) => p.file === written.shown || p.file.startsWith(`${path.posix.dirname(written.shown)}/`));
        if (ours.length > 0) {
          // The build refused what the checks let through: the file goes back as it was (the live site never changed).
          if (original) {
            await this.files.write(fileSlug, written.sha, original.text);
            if (fileSlug !== original.fileSlug) await this.files.rename(fileSlug, original.fileSlug);
          } else await this.files.remove(fileSlug, written.sha);
          return { ok: false, problems: toField(ours) };
        }
      }
      await this.opts.store.discardDraft(postId);
      const opened = (await this.open(fileSlug))!;
      const when = checked.post ? new Date(checked.post.publishDate) : undefined;
      const message = !outcome.ok
        ? `Saved, but the site could not be updated because of a problem in another file: ${outcome.problems.map((p) => `${p.file}: ${p.field}: ${p.problem}`).join("; ")}`
        : action === "publish"
          ? "Published."
          : action === "schedule" && when
            ? `Scheduled: it goes live ${wallTimeIn(site.timeZone, when).date} at ${wallTimeIn(site.timeZone, when).time}.`
            : action === "unpublish"
              ? "Taken off the site: visitors no longer see it."
              : "Draft saved.";
      return { ok: true, opened, message, ...(action === "publish" || action === "schedule" ? { liveUrl: `/blog/${slug}` } : {}) };
    });
  }

  /** The file as it is now, kept as a version first when it changed outside the desk (a person, a git pull): nothing is lost. */
  private async keepOutsideChange(postId: string, current: PostOnDisk | undefined, slug: string): Promise<void> {
    if (!current) return;
    const [latest] = await this.opts.store.history(postId);
    if (latest?.text === current.text) return;
    await this.record(postId, slug, "found", current);
  }

  private async record(postId: string, slug: string, event: PostVersion["event"], post: PostOnDisk | undefined, by?: string, deletedText?: string): Promise<void> {
    const photos: PostPhotoRef[] = [];
    if (post) for (const name of post.photos) photos.push({ name, sha: await this.opts.store.putPhoto(await this.files.photoBytes(post.fileSlug, name)) });
    await this.opts.store.addVersion({ postId, slug, at: this.clock().toISOString(), event, text: deletedText ?? post?.text ?? null, photos, ...(by ? { by } : {}) });
  }

  private async addRedirect(from: string, to: string): Promise<void> {
    const list = withRedirect(await loadRedirects(this.opts.contentDir), from, to);
    await writeFileAtomic(path.join(this.opts.contentDir, REDIRECTS_FILE), `${JSON.stringify(list, null, 2)}\n`);
  }

  // ---------------------------------------------------------------- delete, undo, history, restore

  async delete(slug: string, baseSha: string, by?: string): Promise<{ ok: true; postId: string } | { ok: false; conflict: { theirs: string | null } }> {
    return this.files.exclusive([slug], async () => {
      const post = await this.files.read(slug);
      if (!post || post.sha !== baseSha) return { ok: false, conflict: { theirs: post?.text ?? null } };
      const source = readPostSource(post.shown, post.text);
      const postId = await this.postIdFor(post, source);
      await this.keepOutsideChange(postId, post, slug);
      // The deleted post is its last version, with its photos: "Undo" writes it back.
      await this.record(postId, slug, "deleted", post, by);
      await this.files.remove(slug, baseSha);
      await this.opts.store.discardDraft(postId);
      await this.opts.publish(`${post.shown} deleted in the owner's desk`);
      return { ok: true, postId };
    });
  }

  /**
   * Posts that are gone, newest first, each of which can be brought back: deleted in the desk, or
   * gone from content/ without it (a file removed on the server, a git checkout or reset there).
   */
  async gone(): Promise<{ postId: string; slug: string; title: string; at: string; deletedInDesk: boolean }[]> {
    const out = [];
    const versions = await this.opts.store.latestVersions();
    const present = versions.some((v) => v.event !== "deleted" && !isPageVersion(v)) ? new Set((await this.index.list(this.clock())).flatMap((p) => [p.slug, p.fileSlug])) : new Set<string>();
    for (const v of versions) {
      if (isPageVersion(v) || v.text === null || (v.event !== "deleted" && present.has(v.slug))) continue;
      out.push({ postId: v.postId, slug: v.slug, title: titleOf(v.text) ?? v.slug, at: v.at, deletedInDesk: v.event === "deleted" });
    }
    return out;
  }

  async history(slug: string): Promise<HistoryItem[]> {
    const post = await this.files.read(slug);
    const postId = post ? await this.postIdFor(post, readPostSource(post.shown, post.text)) : (await this.opts.store.latestBySlug(slug))?.postId;
    if (!postId) return [];
    return (await this.opts.store.history(postId)).map((v) => ({ id: v.id, at: v.at, event: v.event, ...(v.by ? { by: v.by } : {}), title: titleOf(v.text) ?? v.slug }));
  }

  /**
   * Writes a kept version back as the post, with its photos, and publishes it: a restore from
   * the history over the post as it is now (`at`: its file and the version the desk showed), or
   * the undo of a delete (`at` null: the post is written back at its address).
   */
  async restore(versionId: string, at: { slug: string; baseSha: string } | null, by?: string): Promise<SaveResult> {
    const version = await this.opts.store.version(versionId);
    if (!version?.text) return { ok: false, problems: [{ field: "post", message: "that version is not kept: open the post's history again" }] };
    const text = version.text;
    const slug = at?.slug ?? version.slug;
    return this.files.exclusive([slug], async () => {
      const current = await this.files.read(slug);
      if ((current?.sha ?? null) !== (at?.baseSha ?? null)) return { ok: false, conflict: { yours: text, theirs: current?.text ?? null } };
      if (!at) {
        const taken = await this.addressProblems(slug, slug, "");
        if (taken.length > 0) return { ok: false, problems: taken };
      }
      const photos = new Map<string, Buffer>();
      for (const p of version.photos) {
        const bytes = await this.opts.store.photo(p.sha);
        if (bytes) photos.set(p.name, bytes);
      }
      const folder = photos.size > 0 || current?.folder === true;
      const shown = path.relative(process.cwd(), folder ? path.join(this.files.dir, slug, "index.md") : path.join(this.files.dir, `${slug}.md`)).split(path.sep).join("/");
      const processed: Record<string, Photo> = {};
      for (const [name, bytes] of photos) processed[`${path.posix.dirname(shown)}/${name}`] = (await this.opts.processPhoto(bytes, name.replace(/\.\w+$/, ""))).photo;
      const checked = await this.opts.renderer.check(shown, text, processed);
      if (checked.problems.length > 0) return { ok: false, problems: toField(checked.problems) };
      await this.keepOutsideChange(version.postId, current, slug);
      const written = await this.files.write(slug, current?.sha ?? null, text, [...photos].map(([name, bytes]) => ({ name, bytes })));
      await this.record(version.postId, slug, "restored", written, by);
      await this.opts.store.discardDraft(version.postId);
      const outcome = await this.opts.publish(`${written.shown} restored in the owner's desk`);
      const opened = (await this.open(slug))!;
      return { ok: true, opened, message: outcome.ok ? (at ? "Restored: the post is as it was then." : "The post is back.") : "Restored, but the site could not be updated because of a problem in another file." };
    });
  }

  /** Brings back a post that is gone (deleted in the desk, or removed from content/ outside it) as its newest version. */
  async bringBack(postId: string, by?: string): Promise<SaveResult> {
    const [latest] = await this.opts.store.history(postId);
    if (!latest?.text) return { ok: false, problems: [{ field: "post", message: "there is no kept version of this post" }] };
    return this.restore(latest.id, null, by);
  }
}

// ------------------------------------------------------------------ the form and the file

/** Now, as a post's date: today's date when that moment has come (as a person writes it), else the time with its offset. */
function nowOnClock(timeZone: string, now: Date): string {
  const today = wallTimeIn(timeZone, now);
  const day = readIsoDate(today.date);
  return "date" in day && day.date <= now ? today.date : instantOfWallTime(timeZone, today);
}

function statusOf(source: PostSource, now: Date): PostStatus {
  if (source.data.draft === true) return "draft";
  const read = typeof source.data.publishDate === "string" ? readIsoDate(source.data.publishDate) : undefined;
  if (!read || !("date" in read)) return "problem";
  return read.date > now ? "scheduled" : "published";
}

function titleOf(text: string | null): string | undefined {
  if (!text) return undefined;
  try {
    const title = readPostSource("(history)", text).data.title;
    return typeof title === "string" ? title : undefined;
  } catch {
    return undefined;
  }
}

/** The form for a post file: what its fields show. */
function formOf(post: PostOnDisk, source: PostSource, postId: string, timeZone: string): PostForm {
  const v = postValues(source);
  const text = (key: keyof PostValues) => (typeof v[key] === "string" ? (v[key] as string) : "");
  const date = text("publishDate");
  const read = readIsoDate(date);
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(date.trim());
  const publishDate = "date" in read && !dateOnly ? wallTimeIn(timeZone, read.date) : { date: date.trim().slice(0, 10), time: "" };
  return {
    postId,
    baseSha: post.sha,
    savedSlug: post.fileSlug,
    slug: text("slug") || post.fileSlug,
    title: text("title"),
    category: text("category"),
    summary: text("excerpt"),
    searchDescription: typeof v.metaDescription === "string" ? v.metaDescription : null,
    text: source.body,
    cover: typeof v.image === "string" ? { name: v.image, alt: text("imageAlt") } : null,
    featured: v.featured === true,
    publishDate,
    photos: post.photos.map((name) => ({ name, sha: null })),
  };
}

/**
 * The front matter the form makes for `action`, starting from the file's (keys the desk does
 * not show stay as they are). Unchanged values keep the file's spelling (post-source.ts writes
 * only what changed); a publish date the same moment as the file's keeps the file's text.
 */
function valuesOf(form: PostForm, source: PostSource | undefined, action: Action, timeZone: string, now: Date, slugKey: string | undefined): { values: PostValues } | { problem: FieldProblem } {
  const had = source ? postValues(source) : {};
  const values: PostValues = { ...had };
  const set = (key: keyof PostValues, value: string | boolean | undefined) => {
    if (value === undefined || value === "") delete values[key];
    else values[key] = value;
  };
  set("title", form.title.trim());
  if (slugKey !== undefined) set("slug", slugKey);
  set("category", form.category.trim());
  set("excerpt", form.summary.trim());
  set("metaDescription", form.searchDescription ?? undefined);
  set("image", form.cover ? (form.cover.name.startsWith("./") || form.cover.name === had.image ? form.cover.name : `./${coverName(form.cover.name)}`) : undefined);
  set("imageAlt", form.cover ? form.cover.alt.trim() : undefined);
  set("featured", form.featured ? true : had.featured === false ? false : undefined);

  // The date: as the form has it, in the file's spelling when it is the same moment.
  let date: string;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(form.publishDate.date)) return { problem: { field: "publishDate", message: "expected a date like 2025-03-01" } };
  if (form.publishDate.time === "") date = form.publishDate.date;
  else if (/^\d{2}:\d{2}$/.test(form.publishDate.time)) date = instantOfWallTime(timeZone, form.publishDate);
  else return { problem: { field: "publishDate", message: "expected a time like 09:30" } };
  const sameMoment = (a: string, b: KeyValue | undefined) => {
    if (typeof b !== "string") return false;
    const [x, y] = [readIsoDate(a), readIsoDate(b)];
    const dayOnly = (t: string) => /^\d{4}-\d{2}-\d{2}$/.test(t.trim());
    return "date" in x && "date" in y && x.date.getTime() === y.date.getTime() && dayOnly(a) === dayOnly(b);
  };
  const wasLive = source !== undefined && statusOf(source, now) === "published";
  if (action === "publish" && !wasLive) {
    // Published now, unless the owner dated it in the past on purpose (a job written up later).
    const chosen = readIsoDate(date);
    const backdated = had.publishDate !== undefined && !sameMoment(date, had.publishDate) && "date" in chosen && chosen.date <= now;
    if (!backdated) date = nowOnClock(timeZone, now);
  }
  set("publishDate", had.publishDate !== undefined && sameMoment(date, had.publishDate) ? had.publishDate : date);
  if (action === "schedule" && form.publishDate.time === "") return { problem: { field: "publishDate", message: "needs a time to go live: pick the date and the time" } };

  const draft = action === "draft" || action === "unpublish";
  set("draft", draft ? true : had.draft === false ? false : undefined);
  return { values };
}

/**
 * The id of a post the desk has not saved yet (written by hand, no history): the same at every
 * opening, so its autosaved work and the phone's copy (keyed by it) are found when it is opened
 * again; a new id each time lost both. UUID-shaped (version 8) like the ids the desk makes.
 */
export function idOfUnsavedFile(fileSlug: string): string {
  const hex = createHash("sha256").update(`post-file:${fileSlug}`).digest("hex");
  const variant = ((Number.parseInt(hex.slice(16, 17), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
