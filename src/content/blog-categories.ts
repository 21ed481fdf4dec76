import * as z from "zod";

// The blog's categories: a content list (`blogCategories` in content/site.json), so the
// owner adds one without touching code. The filter buttons and the category pages come
// from it (src/pages/blog-listing.ts), and a post's `category:` must be on it
// (parsePost in src/content/posts.ts).

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const category = z.strictObject({
  /** As shown on the filter button and the post's card: "Storm Prep". */
  name: z.string().trim().min(1),
  /** The address of its page: /blog/category/storm-prep. */
  slug: z.string().regex(SLUG, "expected lowercase words joined by hyphens, like storm-prep"),
  /** One sentence for the category page's search-engine description. */
  description: z.string().trim().min(1),
});

export type BlogCategory = z.infer<typeof category>;

/** At least one; names and slugs each used once. */
export const blogCategoriesSchema = z.array(category).min(1, "list at least one category").superRefine((list, ctx) => {
  for (const key of ["name", "slug"] as const) {
    const seen = new Set<string>();
    list.forEach((c, i) => {
      const value = c[key].toLowerCase();
      if (seen.has(value)) ctx.addIssue({ code: "custom", path: [i, key], message: `"${c[key]}" is already used by another category` });
      seen.add(value);
    });
  }
});

/** Where the list lives, for messages. */
export const CATEGORIES_FILE = "content/site.json";

/** "Storm Prep", "storm prep" and "storm-prep" are the same category; anything else is not on the list. */
export const sameCategory = (written: string, c: BlogCategory): boolean => {
  const key = written.trim().toLowerCase();
  return key === c.name.toLowerCase() || key.replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "") === c.slug;
};

/** The category `written` names, or the problem to report for the post's `category:` line. */
export function findCategory(written: string, categories: readonly BlogCategory[]): { category: BlogCategory } | { problem: string } {
  const found = categories.find((c) => sameCategory(written, c));
  if (found) return { category: found };
  const names = categories.map((c) => c.name).join(", ");
  return { problem: `"${written}" is not one of the blog's categories: ${names} (add it to blogCategories in ${CATEGORIES_FILE} first)` };
}
