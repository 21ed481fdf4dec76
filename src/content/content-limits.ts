// The bounds on the work one content file may cause, in one place. The build
// enforces them: src/content/content-file.ts (size, before reading) and
// scripts/build-engine/worker-pool.ts (time, by ending the worker that parses the file).

/**
 * The largest content file (post, service, town, home.json, site.json) the build reads.
 * A long post is 30 KB; a 20 MB post made the build take 1.5 GB of memory.
 * Files in content/static/ are copied, not read, so photos there are not held to it.
 */
export const MAX_CONTENT_FILE_BYTES = 1_000_000;

/**
 * How long reading one file (front matter, fields, Markdown) may take. A normal post
 * takes a millisecond or two; the Markdown parser (remark's micromark) takes time that
 * grows with the square of the length on long runs of `*` and `_` that never pair up
 * (20 KB of `*a_` took 4.5 s, 120 KB minutes) and on quotes nested thousands deep, and
 * about 10 ms a kilobyte on runs of unclosed `[`; no release avoids that, so a deadline
 * is the only bound.
 */
export const FILE_PARSE_LIMIT_MS = 5_000;

/** "1.0 MB", "2.4 MB": sizes as a file manager shows them. */
export const megabytes = (bytes: number): string => `${(bytes / 1_000_000).toFixed(1)} MB`;

/** The problem for a file whose parse passed FILE_PARSE_LIMIT_MS: what the owner can look for. */
export const tookTooLong = (file: string) => ({
  file,
  field: "(file)",
  problem: `took longer than ${FILE_PARSE_LIMIT_MS / 1000} s to read; look for long runs of [, *, or _ marks that do not pair up, or split the file into smaller ones`,
});

/** The problem for Markdown nested deeper than the parser can follow (src/content/markdown.ts). */
export const nestedTooDeeply = (file: string) => ({
  file,
  field: "(file)",
  problem: "has quotes or lists inside each other thousands of levels deep (lines starting with many > or - marks): remove most of them",
});
