import { pictureParts, PROSE_SIZES, type Photo } from "../content/photo";

export interface PictureProps {
  photo: Photo;
  alt: string;
  /** Which width the photo takes on screen, for the browser's pick from srcset. */
  sizes?: string;
  /** The first photo above the fold: fetched at once and first; every other one waits until it is near. */
  priority?: boolean;
  className?: string;
}

/** An owner photo as AVIF, WebP and JPEG/PNG at several widths (scripts/build-engine/photos.ts made them); width and height keep the layout still. */
export function Picture({ photo, alt, sizes = PROSE_SIZES, priority = false, className }: PictureProps) {
  const { sources, img } = pictureParts(photo);
  return (
    <picture className={className}>
      {sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
      ))}
      <img
        src={img.src}
        srcSet={img.srcSet}
        sizes={sizes}
        width={img.width}
        height={img.height}
        alt={alt}
        loading={priority ? "eager" : "lazy"}
        decoding={priority ? undefined : "async"}
        fetchPriority={priority ? "high" : undefined}
      />
    </picture>
  );
}
