// Browser-safe (the home page computes initials in load(), which is bundled with the page).
/** Avatar initials from a display name: "Sarah M." -> "SM", "Mary-Kate O'Neil" -> "MO", "Cher" -> "C". */
export function initials(name: string): string {
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
