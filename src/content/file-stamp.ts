import { readdirSync, statSync } from "node:fs";
import path from "node:path";

// How a long-running process tells that content it read earlier is unchanged without reading
// it again: the build session's posts and output record (scripts/build-engine/build-session.ts), the contact
// function's service names (src/content/services.ts serviceChoicesReader).

/**
 * Size, times and inode: any save changes at least the modification time (ext4 and
 * APFS keep nanoseconds), a file replaced by a rename changes the inode. "" when
 * the file cannot be stat'ed: never equal to a recorded stamp, so it is read.
 */
export function fileStamp(file: string): string {
  try {
    // Milliseconds as doubles keep sub-microsecond steps for today's dates.
    const s = statSync(file);
    return `${s.size}:${s.mtimeMs}:${s.ctimeMs}:${s.ino}`;
  } catch {
    return "";
  }
}

/** Every entry of `dir` with its fileStamp: changes when a file in it is saved, added, renamed or removed. */
export function folderStamp(dir: string): string {
  try {
    return readdirSync(dir)
      .sort()
      .map((name) => `${name}=${fileStamp(path.join(dir, name))}`)
      .join("\n");
  } catch {
    return "";
  }
}
