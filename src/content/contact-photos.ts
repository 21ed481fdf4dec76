// Photos on the contact form (shared/CONTRACT.md, turn 4: `POST /api/contact` as multipart/form-data
// with up to 5 files named `photos`): the field, its limits and the words a visitor reads when a
// photo is refused. One module for the form (src/components/contact-form.tsx and its picker),
// the no-JavaScript page and the contact function (functions/contact/visitor-photos.ts), so it
// stays browser-safe: no node: imports.

/** The file input's name, and the multipart parts' (`photos`, once per file). */
export const PHOTOS_FIELD = "photos";

const MB = 1024 * 1024;

export const photoLimits = {
  /** Photos with one message. */
  count: 5,
  /**
   * Bytes of one photo as the phone sends it: a 12-megapixel JPEG is 3 to 8 MB, a 48-megapixel
   * one up to about 10. The form's script makes each one smaller before sending (photo-picker.ts),
   * so this is what a form sent without JavaScript meets.
   */
  bytesEach: 10 * MB,
  /** Bytes of all of one message's photos together. */
  bytesTotal: 25 * MB,
  /** The longest side of a photo as kept (and as the form's script sends it). */
  longSide: 2048,
} as const;

/** What the file input offers: on a phone, the camera and the photo library. */
export const PHOTO_ACCEPT = "image/*";

/** "8.4 MB". */
export const megabytes = (bytes: number): string => `${(bytes / MB).toFixed(bytes < 10 * MB ? 1 : 0)} MB`;

/**
 * A file's name as a visitor's browser sent it, safe to show back: no folders, no control
 * characters, at most 80 characters. Never used to store anything.
 */
export function shownFileName(name: string | undefined): string {
  const base = (name ?? "").split(/[\\/]/).pop() ?? "";
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, "").trim();
  if (clean === "") return "A photo";
  return clean.length > 80 ? `${clean.slice(0, 60)}…${clean.slice(-19)}` : clean;
}

/** The visitor's words for each refusal, naming the file (`photos` in the answer's errors). */
export const photoWords = {
  notAPhoto: (name: string) => `${shownFileName(name)} is not a photo. Send photos as JPEG, PNG or WebP, or send the message without it.`,
  heic: (name: string) =>
    `${shownFileName(name)} is an iPhone HEIC photo, which we cannot open: send it as JPEG (choose it again from Photos in this form, or set Settings > Camera > Formats to Most Compatible).`,
  tooBig: (name: string) => `${shownFileName(name)} is bigger than ${megabytes(photoLimits.bytesEach)}, the most one photo can be: send a smaller copy of it.`,
  tooBigTogether: () => `The photos are more than ${megabytes(photoLimits.bytesTotal)} together: send fewer of them.`,
  tooManyPixels: (name: string, megapixels: string) => `${shownFileName(name)} is ${megapixels}, more than we can open: send a smaller copy of it.`,
  unreadable: (name: string) => `${shownFileName(name)} could not be opened: it may be damaged. Choose it again, or send the message without it.`,
  tooMany: () => `Send at most ${photoLimits.count} photos with one message.`,
  /** A post refused for another reason: a file input cannot be filled in again. */
  chooseAgain: () => "Your photos were not kept: choose them again.",
} as const;
