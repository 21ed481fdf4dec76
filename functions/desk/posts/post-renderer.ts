import type { ContentProblem } from "../../../src/content/content-error";
import type { EditedPage } from "../../../src/content/page-preview";
import type { Photo } from "../../../src/content/photo";

// What the desk needs of the site's build to check and show a post: given by the server that
// runs the desk (scripts/start.ts: scripts/build-engine/post-preview.ts, the build's own parser and
// renderer in a worker thread).

/** What the parser made of a post that has no problems. */
export interface CheckedPost {
  slug: string;
  title: string;
  draft: boolean;
  /** ISO time. */
  publishDate: string;
}

export interface PostRenderer {
  /** Parses the post `text` (named `file`, as the build names it) with its photos (by shown path): the build's problems, or the post. */
  check(file: string, text: string, photos: Record<string, Photo>): Promise<{ problems: ContentProblem[]; post?: CheckedPost }>;
  /** As check, and the post's page as it will be published (when it has no problems). */
  preview(file: string, text: string, photos: Record<string, Photo>): Promise<{ problems: ContentProblem[]; post?: CheckedPost; html?: string }>;
  /** A service, a town or the home page as the desk's form has it (not saved), as it will be published: the build's problems, or the page. */
  page(page: EditedPage): Promise<{ problems: ContentProblem[]; html?: string }>;
}
