import type { ContentProblem } from "./content-error";

// "did you mean title?" for a front matter key that is a known one mistyped: another
// case (`Title:`, `publishdate:`) or one or two letters off (`categroy:`, `tittle:`).

/** Edits between two words, a swap of two neighbouring letters counting as one (categroy -> category). */
function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const row = rows[i] as number[];
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min((rows[i - 1] as number[])[j]! + 1, row[j - 1]! + 1, (rows[i - 1] as number[])[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) row[j] = Math.min(row[j]!, (rows[i - 2] as number[])[j - 2]! + 1);
    }
  }
  return (rows[a.length] as number[])[b.length]!;
}

/**
 * The known key `written` is most likely a typo of, if any. Short keys allow one
 * edit, longer ones two, so `slug` and `tags` are not taken for each other.
 */
export function closestKey(written: string, known: readonly string[]): string | undefined {
  if (known.includes(written)) return undefined;
  const lower = written.toLowerCase();
  let best: { key: string; distance: number } | undefined;
  for (const key of known) {
    const distance = editDistance(lower, key.toLowerCase());
    const allowed = Math.min(key.length, written.length) <= 4 ? 1 : 2;
    if (distance <= allowed && (!best || distance < best.distance)) best = { key, distance };
  }
  return best?.key;
}

/** "did you mean title?" when `written` is a near miss of a known key, else undefined. */
export const didYouMean = (written: string, known: readonly string[]): string | undefined => {
  const key = closestKey(written, known);
  return key === undefined ? undefined : `did you mean ${key}?`;
};

/**
 * One problem per top-level key of `data` that is a near miss of a known one. Keys that
 * are nothing like a known one are left alone: posts may carry keys of the owner's own.
 */
export function misspelledKeyProblems(file: string, data: unknown, known: readonly string[]): ContentProblem[] {
  if (typeof data !== "object" || data === null || Array.isArray(data)) return [];
  return Object.keys(data).flatMap((written) => {
    const hint = didYouMean(written, known);
    return hint ? [{ file, field: written, problem: `is not a known field: ${hint}` }] : [];
  });
}
