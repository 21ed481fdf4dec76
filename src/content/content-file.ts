import { closeSync, constants, fstatSync, lstatSync, openSync, readFileSync, realpathSync, type Dirent, type Stats } from "node:fs";
import { readdir, readFile, realpath, stat } from "node:fs/promises";
import path from "node:path";
import { ContentError, type ContentProblem } from "./content-error";
import { isErrno } from "./errno";
import { MAX_CONTENT_FILE_BYTES, megabytes } from "./content-limits";

// Every content file the build reads or publishes comes through here, so each one
// resolves inside the content folder (a link to /etc/passwd is refused) and is
// at most MAX_CONTENT_FILE_BYTES, checked from its size before a byte is read.
// Readers: posts (scripts/build-engine/render-worker.ts, posts.ts), services and towns (fields.ts),
// home.json, site.json (home.ts, load-content.ts, scripts/build-engine/run-build.ts), content/static/
// (readStaticFiles, for scripts/build-engine/run-build.ts).

const shownFolder = (root: string) => path.relative(process.cwd(), root).split(path.sep).join("/") || ".";

/** The problem for a file that resolves outside `root`, or undefined when it is inside. */
function outsideProblem(root: string, rootReal: string, real: string, shown: string): ContentProblem | undefined {
  const inner = path.relative(rootReal, real);
  if (inner.split(path.sep)[0] !== ".." && !path.isAbsolute(inner)) return undefined;
  const folder = shownFolder(root);
  return { file: shown, field: "(file)", problem: `is a link to a file outside ${folder}/; copy the file into ${folder}/ instead` };
}

function sizeProblem(stats: Stats, shown: string): ContentProblem | undefined {
  if (stats.isDirectory()) return { file: shown, field: "(file)", problem: "is a folder, not a file" };
  if (!stats.isFile()) return { file: shown, field: "(file)", problem: "is not a plain file (a device or pipe): remove it" };
  if (stats.size > MAX_CONTENT_FILE_BYTES) {
    return {
      file: shown,
      field: "(file)",
      problem: `is ${megabytes(stats.size)}; a content file may be at most ${megabytes(MAX_CONTENT_FILE_BYTES)}: split it into smaller files`,
    };
  }
  return undefined;
}

const readProblem = (error: unknown, shown: string): ContentError =>
  error instanceof ContentError
    ? error
    : new ContentError([{ file: shown, field: "(file)", problem: `could not be read: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}` }]);

/**
 * Whether `absolute` is gone: removed (or its folder) since it was listed. The desk deletes a post's
 * folder, and a git deploy replaces content/, while a build started by another change reads the
 * files it listed a moment before: a file gone is not a problem of the file, and the removal's own
 * build follows. A link is judged by itself (lstat): one pointing nowhere is still a file to report.
 */
export function isGone(absolute: string): boolean {
  try {
    lstatSync(absolute);
    return false;
  } catch (error) {
    return isErrno(error, "ENOENT", "ENOTDIR");
  }
}

/**
 * Every entry under `root`, as `readdir(root, { recursive: true })` lists them, listed again when a
 * folder was removed while it was being listed (Node's recursive listing fails on it with ENOENT).
 */
export async function listTree(root: string, tries = 5): Promise<Dirent[]> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await readdir(root, { recursive: true, withFileTypes: true });
    } catch (error) {
      if (!isErrno(error, "ENOENT") || attempt >= tries || isGone(root)) throw error;
    }
  }
}

/** The real path of `root` (the content folder may itself be a link); `root` as given when it does not exist. */
async function realRoot(root: string): Promise<string> {
  return realpath(root).catch(() => path.resolve(root));
}

/**
 * The real path of a file under `root` that may be published as it is (content/static/),
 * after checking it resolves inside `root`. No size limit: those files are copied, not read.
 */
export async function resolveContentFile(root: string, absolute: string, shown: string): Promise<string> {
  try {
    const real = await realpath(absolute);
    const outside = outsideProblem(root, await realRoot(root), real, shown);
    if (outside) throw new ContentError([outside]);
    return real;
  } catch (error) {
    throw readProblem(error, shown);
  }
}

/**
 * Reads a content file as text: it must resolve inside `root` (the content folder) and
 * be at most MAX_CONTENT_FILE_BYTES. Throws a ContentError naming `shown` otherwise.
 */
export async function readContentFile(root: string, absolute: string, shown: string): Promise<string> {
  try {
    const real = await resolveContentFile(root, absolute, shown);
    const tooBig = sizeProblem(await stat(real), shown);
    if (tooBig) throw new ContentError([tooBig]);
    return await readFile(real, "utf8");
  } catch (error) {
    throw readProblem(error, shown);
  }
}

/** `root` with its links resolved, as readContentFileSync compares files with it: resolved once for a batch of reads (readPostFiles). */
export function resolvedRoot(root: string): string {
  try {
    return realpathSync.native(root);
  } catch {
    return path.resolve(root);
  }
}

/**
 * readContentFile for worker threads, which read synchronously (see scripts/build-engine/render-worker.ts).
 * One system call per step (realpath.native, not the per-folder lstat walk of realpathSync),
 * and the size checked on the open file that is then read: a build reads thousands of posts.
 */
export function readContentFileSync(root: string, absolute: string, shown: string, rootReal = resolvedRoot(root)): string {
  try {
    const real = realpathSync.native(absolute);
    const outside = outsideProblem(root, rootReal, real, shown);
    if (outside) throw new ContentError([outside]);
    // Non-blocking, so a named pipe is refused by the check below instead of waiting for a writer.
    const fd = openSync(real, constants.O_RDONLY | constants.O_NONBLOCK);
    try {
      const tooBig = sizeProblem(fstatSync(fd), shown);
      if (tooBig) throw new ContentError([tooBig]);
      return readFileSync(fd, "utf8");
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    throw readProblem(error, shown);
  }
}

/**
 * The files under `dir` (content/static/) as [path relative to `dir`, bytes], to be
 * published as they are. A link is followed only to a file inside `root`; the
 * others are problems, all reported in one ContentError.
 */
export async function readStaticFiles(root: string, dir: string): Promise<[string, Buffer][]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
    if (err.code === "ENOENT") return [];
    throw err;
  });
  const problems: ContentProblem[] = [];
  const files: [string, Buffer][] = [];
  const paths = entries.filter((e) => e.isFile() || e.isSymbolicLink()).map((e) => path.join(e.parentPath, e.name));
  for (const absolute of paths.sort()) {
    const shown = path.relative(process.cwd(), absolute).split(path.sep).join("/");
    try {
      const real = await resolveContentFile(root, absolute, shown);
      if (!(await stat(real)).isFile()) {
        throw new ContentError([{ file: shown, field: "(file)", problem: `is a link to a folder; put copies of its files in ${shownFolder(dir)}/ instead` }]);
      }
      files.push([path.relative(dir, absolute), await readFile(real)]);
    } catch (error) {
      problems.push(...readProblem(error, shown).problems);
    }
  }
  if (problems.length > 0) throw new ContentError(problems);
  return files;
}
