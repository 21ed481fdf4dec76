// Photos in Markdown: `![alt](./oak.jpg)` beside a post becomes a <picture> of the
// processed photo (build/photos.ts made the files). A photo that is not there, has
// no alt text, or lives on another site is a problem naming the file.
import type { Element } from "hast";
import type { Image, Nodes, Root } from "mdast";
import { defaultHandlers, type State } from "mdast-util-to-hast";
import path from "node:path";
import type { VFile } from "vfile";
import type { ContentProblem } from "./content-error";
import { pictureParts, PROSE_SIZES, type Photo } from "./photo";

declare module "mdast" {
  interface ImageData {
    /** Set by localPhotos when the image is one of the owner's processed photos. */
    photo?: Photo;
  }
}

declare module "vfile" {
  interface DataMap {
    /** The build's processed photos, by shown path (build/photos.ts preparePhotos). */
    photos: Readonly<Record<string, Photo>>;
    /** What localPhotos found wrong, as problems naming the file. */
    photoProblems: ContentProblem[];
  }
}

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

/** The remark step: image nodes that name a photo beside the content get the processed photo, or a problem. */
export function localPhotos() {
  return (tree: Root, file: VFile) => {
    const photos = file.data.photos ?? {};
    const problems: ContentProblem[] = [];
    const where = file.path || "(text)";
    const visit = (node: Nodes): void => {
      if (node.type === "image") checkPhoto(node, where, photos, problems);
      else if ("children" in node) for (const child of node.children) visit(child);
    };
    visit(tree);
    file.data.photoProblems = problems;
  };
}

function checkPhoto(image: Image, file: string, photos: Readonly<Record<string, Photo>>, problems: ContentProblem[]): void {
  const field = `photo ${image.url}`;
  if (/^(https?:)?\/\//i.test(image.url)) {
    problems.push({ file, field, problem: "is on another website; save the photo beside the post and write ![what it shows](./photo.jpg)" });
    return;
  }
  const target = photoPath(file, image.url);
  if (target === undefined) return;
  const photo = photos[target];
  if (!photo) {
    problems.push({ file, field, problem: `is not there (looked for ${target}); check the file name, or put the photo beside the post` });
    return;
  }
  if ((image.alt ?? "").trim() === "") {
    problems.push({ file, field, problem: "has no description: write what it shows between the brackets, like ![a split oak on a roof](./oak.jpg), for people who cannot see it" });
    return;
  }
  image.data = { ...image.data, photo };
}

/** mdast-util-to-hast handler: an owner photo as <picture>, lazy (photos inside the text are below the fold); other images as usual. */
export function imageHandler(state: State, node: Image): Element {
  const photo = node.data?.photo;
  if (!photo) return defaultHandlers.image(state, node);
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
          alt: (node.alt ?? "").trim(),
          ...(node.title ? { title: node.title } : {}),
          loading: "lazy",
          decoding: "async",
        },
        children: [],
      },
    ],
  };
}

/** Sanitizer additions for photo nodes: picture and source, and img's responsive attributes. */
export const photoSanitizeTags = ["picture", "source"];
export const photoSanitizeAttributes = {
  source: ["type", "srcSet", "sizes"],
  img: ["srcSet", "sizes", "loading", "decoding", "width", "height", "title"],
};
