import type { FormField, PostForm } from "../content/post-form";

// The post editor's form fields (src/desk/screens/post-editor-screen.tsx) and how the posted
// fields become a post form (src/content/post-form.ts), read the same way from a plain form
// post, an autosave and a preview request (the desk script sends the form's fields as they are).

/** The names of the editor's fields, as posted. */
export const postFields = {
  postId: "postId",
  baseSha: "baseSha",
  savedSlug: "savedSlug",
  slug: "slug",
  title: "title",
  category: "category",
  summary: "summary",
  searchDescription: "searchDescription",
  /** "1" when the post has a search description of its own (written by hand). */
  hasSearchDescription: "hasSearchDescription",
  text: "text",
  coverName: "coverName",
  coverAlt: "coverAlt",
  featured: "featured",
  publishDate: "publishDate",
  publishTime: "publishTime",
  /** JSON: the photos beside the post and those uploaded in the desk (FormPhoto[]). */
  photos: "photos",
  /** The button pressed: "draft", "publish", "schedule", "unpublish" or "preview". */
  action: "action",
} as const;

export type PostAction = "draft" | "publish" | "schedule" | "unpublish" | "preview";
export const postActions: readonly PostAction[] = ["draft", "publish", "schedule", "unpublish", "preview"];

/** The fields as posted (a form post or the desk script's JSON) as a post form, to be checked with postFormSchema. */
export function postFormFromFields(body: unknown): unknown {
  const fields = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
  const text = (name: string) => (typeof fields[name] === "string" ? (fields[name] as string) : "");
  let photos: unknown = [];
  try {
    photos = JSON.parse(text(postFields.photos) || "[]");
  } catch {
    photos = undefined;
  }
  return {
    postId: text(postFields.postId),
    baseSha: text(postFields.baseSha) || null,
    savedSlug: text(postFields.savedSlug),
    slug: text(postFields.slug).trim(),
    title: text(postFields.title),
    category: text(postFields.category),
    summary: text(postFields.summary),
    searchDescription: text(postFields.hasSearchDescription) === "1" ? text(postFields.searchDescription) : null,
    text: text(postFields.text),
    cover: text(postFields.coverName) ? { name: text(postFields.coverName), alt: text(postFields.coverAlt) } : null,
    featured: text(postFields.featured) === "on",
    publishDate: { date: text(postFields.publishDate), time: text(postFields.publishTime) },
    photos,
  } satisfies Record<keyof PostForm, unknown>;
}

/** The id of the editor's element for a form field a problem is about: the problem's link jumps there. */
export const fieldIdFor: Record<FormField, string> = {
  title: "post-title",
  slug: "post-slug",
  category: "post-category",
  summary: "post-summary",
  searchDescription: "post-search-description",
  text: "post-text",
  cover: "post-cover",
  publishDate: "post-date",
  photos: "post-photo",
  post: "post-editor",
};
