/**
 * Avatar initials from a display name: "Sarah M." -> "SM". The same rule as
 * initials() in src/content/home.ts, which pages cannot import (that module
 * reads files with node:fs, and page code is bundled for the browser).
 * Drop this copy once initials() lives in a browser-safe module.
 */
export function avatarInitials(name: string): string {
  const words = name
    .split(/\s+/)
    .map((word) => word.replace(/[^\p{L}]/gu, ""))
    .filter((word) => word !== "");
  const first = words[0];
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  return [first, last]
    .map((word) => (word === undefined ? "" : (Array.from(word)[0] ?? "")))
    .join("")
    .toUpperCase();
}
