import { watch, type FSWatcher } from "node:fs";
import { join, relative } from "node:path";

/**
 * Calls `onChange` once per burst of changes under `dir` (an editor or an upload
 * writes several files, or one file several times), with the first file named.
 * Dot files are editors' temp and lock files, not content.
 */
export function watchContent(dir: string, onChange: (file: string) => void, quietMs = 300): () => void {
  let timer: NodeJS.Timeout | undefined;
  let first: string | undefined;
  const watcher: FSWatcher = watch(dir, { recursive: true }, (_event, name) => {
    const file = String(name ?? "");
    if (file.split(/[\\/]/).some((part) => part.startsWith("."))) return;
    first ??= relative(process.cwd(), join(dir, file)) || dir;
    clearTimeout(timer);
    timer = setTimeout(() => {
      const changed = first ?? dir;
      first = undefined;
      onChange(changed);
    }, quietMs);
  });
  return () => {
    clearTimeout(timer);
    watcher.close();
  };
}
