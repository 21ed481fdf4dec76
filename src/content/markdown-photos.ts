// Photos in Markdown: `![alt](./oak.jpg)` beside a post becomes a <picture> of the
// processed photo (scripts/build-engine/photos.ts made the files). A photo that is not there, has
// no alt text, or lives on another site is a problem naming the file.
// The Markdown step (src/content/markdown.ts) calls localPhoto for each image and
// photoElement to write the ones it returned a photo for.
import type { Element } from "hast";
import path from "node:path";
import type { ContentProblem } from "./content-error";
import { pictureParts, PROSE_SIZES, type Photo } from "./photo";

/**
 * Where `src`, written in the file `file` (a shown path like content/blog/oak/index.md),
 * points: the shown path of the photo. Undefined for addresses that are not files
 * beside the content (site paths, fragments).
 */
export function photoPath(file: string, src: string): string | undefined {
  if (src.startsWith("/") || src.startsWith("#") || /^[a-z][a-z0-9+.-]*:/i.test(src)) return undefined;
  const clean = decodedOrAsWritten(src.split(/[?#]/)[0] ?? src);
  return path.posix.normalize(path.posix.join(path.posix.dirname(file.replaceAll("\\", "/")), clean));
}

/** `my%20photo.jpg` names "my photo.jpg"; a stray % (`100%.jpg`) is taken as written. */
function decodedOrAsWritten(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

/**
 * The processed photo an image written `![alt](url)` in `file` shows, when it names
 * one beside the content; otherwise undefined, with a problem pushed when the
 * image is on another site, missing, or undescribed. Other images (site paths) pass as they are.
 */
export function localPhoto(
  image: { url: string; alt: string },
  file: string,
  photos: Readonly<Record<string, Photo>>,
  problems: ContentProblem[],
): Photo | undefined {
  const field = `photo ${image.url}`;
  if (/^(https?:)?\/\//i.test(image.url)) {
    problems.push({ file, field, problem: "is on another website; save the photo beside the post and write ![what it shows](./photo.jpg)" });
    return undefined;
  }
  const target = photoPath(file, image.url);
  if (target === undefined) return undefined;
  const photo = photos[target];
  if (!photo) {
    problems.push({ file, field, problem: `is not there (looked for ${target}); check the file name, or put the photo beside the post` });
    return undefined;
  }
  if (image.alt.trim() === "") {
    problems.push({ file, field, problem: "has no description: write what it shows between the brackets, like ![a split oak on a roof](./oak.jpg), for people who cannot see it" });
    return undefined;
  }
  return photo;
}

/** An owner photo as <picture>, lazy (photos inside the text are below the fold). */
export function photoElement(photo: Photo, alt: string, title: string | null | undefined): Element {
  const { sources, img } = pictureParts(photo);
  return {
    type: "element",
    tagName: "picture",
    properties: {},
    children: [
      ...sources.map((source): Element => ({ type: "element", tagName: "source", properties: { type: source.type, srcSet: source.srcSet, sizes: PROSE_SIZES }, children: [] })),
      {
        type: "element",
        tagName: "img",
        properties: {
          src: img.src,
          srcSet: img.srcSet,
          sizes: PROSE_SIZES,
          width: img.width,
          height: img.height,
          alt: alt.trim(),
          ...(title ? { title } : {}),
          loading: "lazy",
          decoding: "async",
        },
        children: [],
      },
    ],
  };
}

/** What the sanitizer lets through for photos, beyond GitHub's rules: picture and source, and img's responsive attributes. */
export const photoSanitizeTags = ["picture", "source"];
export const photoSanitizeAttributes = {
  source: ["type", "srcSet", "sizes"],
  img: ["srcSet", "sizes", "loading", "decoding", "width", "height", "title"],
};
