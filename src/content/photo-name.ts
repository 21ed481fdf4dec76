import { slugFromTitle } from "./post-slug";

// An owner's photo is named after what it shows, as a person would name the file. The desk's
// server names an upload so (its posts' addPhoto); the page editor names
// a hero photo again at Save (src/desk/client/page-editor.ts), since Preview may have made it
// ready before its description was written.

/** The file name for a photo from its description: "The crew raking leaves" -> the-crew-raking-leaves.jpg, not one of `taken`. */
export function photoFileName(description: string, format: "jpeg" | "png", taken: readonly string[]): string {
  const base = slugFromTitle(description).slice(0, 60).replace(/-+$/, "") || "photo";
  const ext = format === "png" ? "png" : "jpg";
  for (let n = 1; ; n++) {
    const name = n === 1 ? `${base}.${ext}` : `${base}-${n}.${ext}`;
    if (!taken.includes(name)) return name;
  }
}
