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
 * takes a fraction of a millisecond; the Markdown parser (markdown-it) takes time that
 * grows with the length on every input we know of, but up to ~10 ms a kilobyte on long
 * runs of unclosed `[` or `![`, so a file near the size limit can take seconds, and a
 * parser release could bring back the slower cases micromark had (36 KB of unmatched
 * `*` and `_` took 24 s): the deadline stays the bound.
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
