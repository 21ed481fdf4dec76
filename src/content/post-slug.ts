// A post's address (/blog/<slug>): the one rule for what a slug may be (posts.ts checks
// front matter with it) and how one is made from a title (npm run new-post, the desk).

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_HINT = "expected lowercase words joined by hyphens, like spring-pruning-tips";
/** Long enough for any title people write; a longer address is cut at a word. */
export const MAX_SLUG_LENGTH = 80;

export const isSlug = (value: string): boolean => value.length <= MAX_SLUG_LENGTH && SLUG_PATTERN.test(value);

/** "Storm Season Checklist" -> "storm-season-checklist"; accents dropped, anything else becomes a hyphen. */
export function slugFromTitle(title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  if (slug.length <= MAX_SLUG_LENGTH) return slug;
  const cut = slug.slice(0, MAX_SLUG_LENGTH + 1);
  return cut.slice(0, cut.lastIndexOf("-") > 0 ? cut.lastIndexOf("-") : MAX_SLUG_LENGTH);
}
