// What `npm run new-post` writes (scripts/new-post.ts). Pure, so the test parses
// the same text with the real post parser (src/content/posts.ts parsePost).

export { slugFromTitle } from "../src/content/post-slug";

/**
 * Front matter every post needs, each line saying what it is for, then a body to write over.
 * `categories`: the blog's list (blogCategories in content/site.json), in its order.
 */
export function newPostText(title: string, date: string, categories: readonly { name: string }[]): string {
  const [first, ...others] = categories.map((c) => c.name);
  // JSON strings are valid YAML double-quoted strings: a title with ": " or quotes stays one value.
  return [
    "---",
    `title: ${JSON.stringify(title)}`,
    `publishDate: ${date}`,
    `category: ${first}  # or: ${others.join(", ")}`,
    `excerpt: "One or two sentences for the blog list and for Google: replace this line."`,
    "draft: true  # shown only in npm run dev; delete this line to publish",
    "---",
    "",
    "Write the post here, in Markdown. A blank line starts a new paragraph.",
    "",
    "## A subheading",
    "",
    "More text.",
    "",
  ].join("\n");
}
