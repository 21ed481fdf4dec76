import type { ContentProblem } from "./content-error";
import { photoPath } from "./markdown-photos";
import type { Cover, Photo } from "./photo";

export interface NamedPhotoFields {
  /** The file naming the photo (its shown path): the photo is looked for beside it. */
  file: string;
  /** The field names as the owner wrote them: "image" / "imageAlt", "heroImage" / "heroImageAlt". */
  field: string;
  altField: string;
  src: string | undefined;
  alt: string | undefined;
  photos: Readonly<Record<string, Photo>>;
  /** Where a missing photo or description is reported. */
  problems: ContentProblem[];
}

/**
 * A photo named in front matter or JSON (a post's cover, a page's hero photo) with
 * its description; undefined, with a problem naming the file, when either is missing.
 * Photos inside Markdown text are placed by src/content/markdown-photos.ts.
 */
export function namedPhoto({ file, field, altField, src, alt, photos, problems }: NamedPhotoFields): Cover | undefined {
  if (src === undefined) {
    if (alt !== undefined) problems.push({ file, field: altField, problem: `describes a photo, but there is no ${field}: line naming it` });
    return undefined;
  }
  const target = photoPath(file, src);
  const photo = target === undefined ? undefined : photos[target];
  if (!photo) {
    problems.push({
      file,
      field,
      problem: target === undefined ? "expected a photo in the content folder, like ./cover.jpg" : `is not there (looked for ${target}); check the file name, or put the photo beside the file`,
    });
    return undefined;
  }
  if (alt === undefined || alt.trim() === "") {
    problems.push({ file, field: altField, problem: `is required with ${field}: describe what the photo shows, like ${altField}: "A split oak leaning on a roof"` });
    return undefined;
  }
  return { photo, alt: alt.trim() };
}
