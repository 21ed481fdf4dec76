// What a visitor reads when a photo on the contact form is refused (contact-photos.ts has the
// limits), naming the file: the same words from the form's photo picker
// (src/components/photo-picker.tsx) and the contact function, which checks every photo again.
// Apart from contact-photos.ts so the form's first load does not carry them.
import { photoLimits } from "./contact-photos";

const MB = 1024 * 1024;

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
