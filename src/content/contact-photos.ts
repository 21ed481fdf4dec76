// Photos on the contact form (shared/CONTRACT.md, turn 4: `POST /api/contact` as multipart/form-data
// with up to 5 files named `photos`): the field and its limits; the words a visitor reads when a
// photo is refused are in photo-words.ts (loaded with the photo picker, not with the form). One
// module for the form (src/components/contact-form.tsx and its picker), the no-JavaScript page
// and the contact function, so it stays browser-safe.

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
