import { watch, type FSWatcher } from "node:fs";
import { readdir } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { bundledFiles } from "./build-engine/build-cache";

/** What an import can name; editors' swap and backup files (`.x.swp`, `x~`) are not. */
const codeFile = /\.(tsx?|jsx?|mts|cts|mjs|cjs|json|css)$/;

/**
 * The code `npm run dev` watches: exactly the files the bundle cache checks (the
 * record of the last good build, scripts/build-engine/build-cache.ts), wherever they are: src/,
 * functions/, a new top-level folder. Their folders are watched rather than the
 * files, because editors save by writing a new file over the old one. While the
 * code does not build, any code file in those folders counts too: the fix may be
 * the file a new import names. Before the first good build there is no record;
 * src/ stands in for it.
 */
export class CodeWatch {
  readonly #watchers = new Map<string, FSWatcher>();
  #files = new Set<string>();
  #broken = false;

  constructor(
    private readonly root: string,
    private readonly serverDir: string,
    private readonly onChange: (file: string) => void,
  ) {}

  /** After each build: the list of a good one replaces the last; a failed one keeps it. */
  async update(built: boolean): Promise<void> {
    this.#broken = !built;
    const recorded = await bundledFiles(this.serverDir);
    if (recorded.length > 0) this.#files = new Set(recorded.map((f) => resolve(this.root, f)));
    const dirs = this.#files.size > 0 ? new Set([...this.#files].map(dirname)) : await foldersUnder(join(this.root, "src"));
    for (const [dir, watcher] of this.#watchers) {
      if (dirs.has(dir)) continue;
      watcher.close();
      this.#watchers.delete(dir);
    }
    for (const dir of dirs) if (!this.#watchers.has(dir)) this.#watch(dir);
  }

  close(): void {
    for (const watcher of this.#watchers.values()) watcher.close();
    this.#watchers.clear();
  }

  #watch(dir: string) {
    try {
      const watcher = watch(dir, (_event, name) => {
        const file = join(dir, String(name ?? ""));
        if (this.#files.has(file) || ((this.#broken || this.#files.size === 0) && codeFile.test(file))) this.onChange(file);
      });
      // A removed folder ends its watcher; the next build's list says whether it is needed again.
      watcher.on("error", () => {
        watcher.close();
        this.#watchers.delete(dir);
      });
      this.#watchers.set(dir, watcher);
    } catch {
      // The folder is gone since the build: nothing in it can change.
    }
  }
}

async function foldersUnder(dir: string): Promise<Set<string>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return new Set([dir, ...entries.filter((e) => e.isDirectory()).map((e) => join(e.parentPath, e.name))]);
}
