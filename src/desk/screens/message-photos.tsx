import * as css from "./message-photos.css";

/** A photo of a message, by the desk's addresses (messagePhotoPath): whole, its small copy, and its size. */
export interface MessagePhotoLink {
  full: string;
  small: string;
  width: number;
  height: number;
}

/**
 * The photos a visitor sent with a message, as a strip of thumbnails: a tap opens one whole
 * (the browser shows it; back comes to the message). Big square targets for a thumb.
 */
export function MessagePhotos({ photos, name }: { photos: readonly MessagePhotoLink[]; name: string }) {
  return (
    <ul className={css.strip} aria-label={photos.length === 1 ? "1 photo" : `${photos.length} photos`}>
      {photos.map((photo, i) => (
        <li key={photo.full}>
          <a className={css.link} href={photo.full}>
            <img
              className={css.thumb}
              src={photo.small}
              width={photo.width}
              height={photo.height}
              loading="lazy"
              decoding="async"
              alt={`Photo ${i + 1} of ${photos.length} from ${name}: open it whole`}
            />
          </a>
        </li>
      ))}
    </ul>
  );
}
