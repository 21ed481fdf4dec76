import { useEffect, useRef, useState } from "react";
import { PHOTOS_FIELD, photoLimits } from "../content/contact-photos";
import { photoWords } from "../content/photo-words";
import * as css from "./photo-picker.css";

// The contact form's photos once the visitor first picks one (a chunk of its own: the form's first
// load only has the file input, src/components/contact-form.tsx): which picks are taken, their
// thumbnails with a Remove button each, and the copies sent, made smaller here (a phone's 12 MP
// photo of 4 MB goes as about 0.5 MB at 2048 pixels), so a message with photos goes quickly over
// a phone's connection. The contact function checks and re-encodes them all the same.

/** What a pick adds: the photos now, in order, and what was wrong with one left out. */
export function addPhotos(now: readonly File[], added: readonly File[]): { photos: File[]; problem?: string } {
  const photos = [...now];
  let problem: string | undefined;
  for (const file of added) {
    // The same photo picked twice is taken once.
    if (photos.some((p) => p.name === file.name && p.size === file.size && p.lastModified === file.lastModified)) continue;
    if (!file.type.startsWith("image/")) {
      problem = photoWords.notAPhoto(file.name);
      continue;
    }
    if (photos.length === photoLimits.count) {
      problem = photoWords.tooMany();
      break;
    }
    photos.push(file);
    // Made ready while the visitor goes on typing: Send then has little left to wait for.
    void sendable(file).catch(() => undefined);
  }
  return { photos, problem };
}

/** Bigger than this, or more pixels than the kept size, a photo is sent as a smaller JPEG. */
const SEND_AS_IS_BYTES = 1.5 * 1024 * 1024;
const SENT_QUALITY = 0.85;

/**
 * The spec's request rule (use-contact-submit.ts postJson) for a form with photos, as
 * multipart/form-data: the fields first, then the photos, each made smaller (`readyToSend`), as
 * the function reads the fields before a photo. A photo the function refuses rejects with an
 * error whose `photos` holds its words, shown beside the photos.
 */
export async function postWithPhotos(url: string, fields: Record<string, string | number>, photos: readonly File[]): Promise<void> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, String(value));
  for (const photo of await readyToSend(photos)) body.append(PHOTOS_FIELD, photo, photo.name);
  const res = await fetch(url, { method: "POST", credentials: "include", headers: { Accept: "application/json" }, body });
  if (res.ok) return;
  const text = (await res.text()) || res.statusText;
  const photosProblem: unknown = text.includes('"photos":') ? JSON.parse(text).errors?.photos : undefined;
  throw Object.assign(new Error(`${res.status}: ${text}`), typeof photosProblem === "string" ? { photos: photosProblem } : {});
}

/**
 * The photos as they are sent: each made at most 2048 pixels on its longest side as JPEG (turned
 * upright as the camera said, transparent parts white), or as it is when it is small already or
 * this browser cannot open it (the contact function then says why). An iPhone's HEIC that the
 * browser cannot open is refused here with the same words the function would use.
 */
export function readyToSend(photos: readonly File[]): Promise<File[]> {
  return Promise.all(photos.map(sendable));
}

/** Each photo's copy to send, made once; one at a time, as a decoded 12 MP photo is about 48 MB of a phone's memory. */
const copies = new WeakMap<File, Promise<File>>();
let inLine: Promise<unknown> = Promise.resolve();
function sendable(photo: File): Promise<File> {
  let copy = copies.get(photo);
  if (!copy) {
    copy = inLine.then(() => smaller(photo));
    inLine = copy.catch(() => undefined);
    copies.set(photo, copy);
  }
  return copy;
}

async function smaller(photo: File): Promise<File> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(photo, { imageOrientation: "from-image" });
  } catch {
    if (/^image\/hei[cf]/.test(photo.type) || /\.hei[cf]$/i.test(photo.name)) throw Object.assign(new Error("HEIC"), { photos: photoWords.heic(photo.name) });
    return photo;
  }
  const scale = Math.min(1, photoLimits.longSide / Math.max(bitmap.width, bitmap.height));
  if (scale === 1 && photo.size <= SEND_AS_IS_BYTES && /^image\/(jpeg|png|webp)$/.test(photo.type)) {
    bitmap.close();
    return photo;
  }
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  const context = canvas.getContext("2d");
  if (!context) return photo;
  context.fillStyle = "#fff";
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", SENT_QUALITY));
  return blob ? new File([blob], `${photo.name.replace(/\.[^.]*$/, "") || "photo"}.jpg`, { type: "image/jpeg" }) : photo;
}

export interface PhotoStripProps {
  photos: readonly File[];
  onRemove: (photo: File) => void;
}

/** The photos chosen, as thumbnails (the files themselves, by object URLs), each with its Remove button. */
export default function PhotoStrip({ photos, onRemove }: PhotoStripProps) {
  const urls = useRef(new Map<File, string>());
  const [unshown, setUnshown] = useState<ReadonlySet<File>>(new Set());
  const list = useRef<HTMLUListElement>(null);
  const [focusAt, setFocusAt] = useState<number>();

  // Each photo's URL while it is in the list; let go when it is removed and when the strip goes.
  for (const photo of photos) if (!urls.current.has(photo)) urls.current.set(photo, URL.createObjectURL(photo));
  useEffect(() => {
    for (const [photo, url] of urls.current) {
      if (photos.includes(photo)) continue;
      URL.revokeObjectURL(url);
      urls.current.delete(photo);
    }
  }, [photos]);
  useEffect(() => {
    const held = urls.current;
    return () => {
      for (const url of held.values()) URL.revokeObjectURL(url);
      held.clear();
    };
  }, []);
  // After a Remove, the next photo's Remove button (or the last one's) takes the focus.
  useEffect(() => {
    if (focusAt === undefined) return;
    const buttons = list.current?.querySelectorAll("button");
    buttons?.[Math.min(focusAt, buttons.length - 1)]?.focus();
    setFocusAt(undefined);
  }, [focusAt, photos]);

  return (
    <ul ref={list} className={css.strip} aria-label={`${photos.length} of ${photoLimits.count} photos chosen`}>
      {photos.map((photo, i) => (
        <li key={urls.current.get(photo)} className={css.item}>
          {unshown.has(photo) ? (
            <span className={css.unshown}>{photo.name}</span>
          ) : (
            <img className={css.thumb} src={urls.current.get(photo)} alt={`Photo ${i + 1}: ${photo.name}`} onError={() => setUnshown((now) => new Set(now).add(photo))} />
          )}
          <button
            type="button"
            className={css.remove}
            aria-label={`Remove photo ${i + 1}, ${photo.name}`}
            onClick={() => {
              onRemove(photo);
              setFocusAt(i);
            }}
          >
            Remove
          </button>
        </li>
      ))}
    </ul>
  );
}
