// markdown-it-footnote ships no types (its @types package is typed against markdown-it 14's
// separate @types, while markdown-it 15 carries its own). Only what markdown.ts uses.
declare module "markdown-it-footnote" {
  import type { MarkdownIt } from "markdown-it";
  export default function footnote(md: MarkdownIt): void;
}
