import path from "node:path";
import { readIsoDate } from "../../../src/content/iso-date";
import { readContentFileSync } from "../../../src/content/content-file";
import { fileStamp } from "../../../src/content/file-stamp";
import { splitFrontMatter } from "../../../src/content/front-matter";
import { listPostFiles } from "../../../src/content/post-list";
import type { PostStatus } from "../../../src/content/post-form";

// Every post file with what the desk's list shows of it (title, address, status), read from
// the files themselves, so a post with a mistake is listed too (to be opened and fixed). A
// file is read again only when its stamp changed: with 4,000 posts a listing costs their stats.

export interface IndexedPost {
  /** The post's address: its `slug:` line, else its file's name. */
  slug: string;
  /** The name its file (or folder) has in content/blog. */
  fileSlug: string;
  title: string;
  status: PostStatus;
  publishDate: Date | null;
}

export class PostIndex {
  private byFile = new Map<string, { stamp: string; post: Omit<IndexedPost, "status"> & { draft: boolean; readable: boolean } }>();

  constructor(private readonly contentDir: string) {}

  async list(now: Date): Promise<IndexedPost[]> {
    const files = await listPostFiles(path.join(this.contentDir, "blog"));
    const seen = new Set<string>();
    const out: IndexedPost[] = [];
    for (const { abs } of files) {
      seen.add(abs);
      const stamp = fileStamp(abs);
      let entry = this.byFile.get(abs);
      if (!entry || entry.stamp !== stamp) {
        entry = { stamp, post: read(this.contentDir, abs) };
        this.byFile.set(abs, entry);
      }
      const { draft, readable, ...post } = entry.post;
      const status: PostStatus = !readable ? "problem" : draft ? "draft" : post.publishDate && post.publishDate > now ? "scheduled" : "published";
      out.push({ ...post, status });
    }
    for (const file of this.byFile.keys()) if (!seen.has(file)) this.byFile.delete(file);
    return out;
  }
}

function read(contentDir: string, abs: string) {
  const fileSlug = path.basename(abs) === "index.md" ? path.basename(path.dirname(abs)) : path.basename(abs, ".md");
  const none = { slug: fileSlug, fileSlug, title: fileSlug, publishDate: null, draft: false, readable: false };
  try {
    const { data } = splitFrontMatter(abs, readContentFileSync(contentDir, abs, abs));
    const date = typeof data.publishDate === "string" ? readIsoDate(data.publishDate) : undefined;
    const title = typeof data.title === "string" && data.title.trim() !== "" ? data.title.trim() : undefined;
    return {
      slug: typeof data.slug === "string" && data.slug.trim() !== "" ? data.slug.trim() : fileSlug,
      fileSlug,
      title: title ?? fileSlug,
      publishDate: date && "date" in date ? date.date : null,
      draft: data.draft === true,
      readable: title !== undefined && date !== undefined && "date" in date,
    };
  } catch {
    return none;
  }
}
