// Which page numbers the blog's pagination links to (src/components/blog-nav.tsx); apart from it so it is tested without styles.

/** Page numbers to show: the first, the last and two either side of the current one; null marks a gap. */
export function pageWindow(page: number, pageCount: number): (number | null)[] {
  const shown: (number | null)[] = [];
  for (let n = 1; n <= pageCount; n++) {
    if (n === 1 || n === pageCount || Math.abs(n - page) <= 2) shown.push(n);
    else if (shown[shown.length - 1] !== null) shown.push(null);
  }
  return shown;
}
