import * as z from "zod";
import { MAX_CONTENT_FILE_BYTES } from "./content-limits";

// The owner's desk writes posts with this form: the contract between the desk's screens
// (src/desk/) and the desk's posts on the server, which turn it into the
// same post file a person writes (content/blog/<slug>.md; front matter in src/content/posts.ts).

/** What search engines show of a summary before cutting it (src/content/fields.ts metaDescription). */
export const SEARCH_SNIPPET_LENGTH = 155;

const sha = z.string().regex(/^[0-9a-f]{64}$/);
const line = (max: number) => z.string().max(max).refine((v) => !/[\r\n]/.test(v), "must be one line");

/** A photo the post shows: on disk beside it already (sha null) or uploaded in the desk and kept until the save (its bytes' hash). */
export const formPhotoSchema = z.object({ name: z.string().max(100), sha: sha.nullable() });

export const postFormSchema = z.object({
  /** The post's lasting identity in the desk's history of versions. */
  postId: z.string().min(1).max(64),
  /** The text of the file this edit started from (SHA-256), or null for a post not saved yet. */
  baseSha: sha.nullable(),
  /** The address the saved post has ("" before it is saved): its file is content/blog/<savedSlug>. */
  savedSlug: z.string().max(100),
  /** The address it is to have: /blog/<slug>. */
  slug: z.string().max(100),
  title: line(300),
  /** One of the blog's categories (content/site.json), or "" for none. */
  category: line(100),
  /** The post's excerpt: on its card, and for search engines unless it has a search description. */
  summary: z.string().max(2000),
  /** `metaDescription`, when the post has one (written by hand); null: search engines get the summary. */
  searchDescription: z.string().max(2000).nullable(),
  /** The Markdown text below the front matter. */
  text: z.string().max(MAX_CONTENT_FILE_BYTES),
  /** The cover photo (a photo beside the post) and its description. */
  cover: z.object({ name: z.string().max(100), alt: z.string().max(500) }).nullable(),
  featured: z.boolean(),
  /** On the business clock (content/site.json timeZone); time "" for a post dated by the day only. */
  publishDate: z.object({ date: z.string().max(10), time: z.string().max(5) }),
  photos: z.array(formPhotoSchema).max(200),
});

export type PostForm = z.infer<typeof postFormSchema>;
export type FormPhoto = z.infer<typeof formPhotoSchema>;

/** Where a post stands for visitors. "problem": its file has a mistake the build refuses (the build says which). */
export type PostStatus = "published" | "scheduled" | "draft" | "problem";

/** The form's fields a problem is shown beside (shared/CONTRACT.md names their labels). */
export type FormField = "title" | "slug" | "category" | "summary" | "searchDescription" | "text" | "cover" | "publishDate" | "photos" | "post";

/** A problem the build would refuse the post for, in the build's words, placed beside the field it is about. */
export interface FieldProblem {
  field: FormField;
  message: string;
}

/** One post in the desk's list. */
export interface PostListItem {
  slug: string;
  title: string;
  status: PostStatus;
  /** ISO time it went or goes live (published, scheduled); null when the file has no readable date. */
  publishDate: string | null;
  /** Work saved by autosave that is not in the file. */
  unsaved: boolean;
}

/** The editor's answer when a post is opened. */
export interface OpenedPost {
  form: PostForm;
  status: PostStatus | "new";
  /** Autosaved work newer than the file, offered when the post is opened. */
  unsaved?: { at: string; form: PostForm };
  /** Ever published (then a change of address keeps the old one working, as a redirect). */
  published: boolean;
}

/** A version in a post's history, as the desk lists it. */
export interface HistoryItem {
  id: string;
  at: string;
  event: "found" | "saved" | "published" | "scheduled" | "unpublished" | "deleted" | "restored";
  by?: string;
  title: string;
}
