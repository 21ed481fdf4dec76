// A photo from the phone on its way up to the desk (a page's hero photo, a photo replaced in the
// library, a job's before and after photos: each section's uploads at its own `base`, the desk
// server's posts/upload-routes.ts): sent in parts (PHOTO_PART_BYTES, a part sent again after a dropped connection), then
// checked, turned and re-encoded by the server as a post's photo is (the desk server's
// posts/photo-upload.ts) and kept in the store; the answer names it by its hash.
import { csrfHeader, PHOTO_PART_BYTES } from "../desk-page";
import { pageCsrf, postJson } from "./post-json";

const RETRIES = 4;
const wait = (ms: number) => new Promise((done) => setTimeout(done, ms));

class Refused extends Error {}

/** One part; resolves with the bytes the server has, rejects with its words or a connection problem. */
async function sendPart(base: string, id: string, offset: number, part: Blob): Promise<number> {
  let response: Response;
  try {
    response = await fetch(`${base}/${id}?offset=${offset}`, {
      method: "POST",
      headers: { [csrfHeader]: pageCsrf(), "content-type": "application/octet-stream" },
      body: part,
      credentials: "same-origin",
    });
  } catch {
    throw new Error("no connection");
  }
  const answer: { received?: unknown; message?: unknown } = await response.json().catch(() => ({}));
  if (response.ok && typeof answer.received === "number") return answer.received;
  if (response.status === 400 && typeof answer.message === "string") throw new Refused(answer.message);
  throw new Error(`status ${response.status}`);
}

/** Says how it goes, in words; `problem` when it stopped. */
export type Say = (words: string, problem?: boolean) => void;

/** Sends the photo to the uploads at `base` (a deskPath); resolves with the upload's id when the server has every byte, else undefined (said in words). */
export async function sendPhoto(base: string, file: File, say: Say, progress?: HTMLProgressElement | null): Promise<string | undefined> {
  const begun = await postJson(base, { size: file.size });
  if (!begun.ok) return void say(begun.message, true);
  const id = String(begun.body.id);
  let offset = 0;
  if (progress) progress.hidden = false;
  while (offset < file.size) {
    for (let attempt = 0; ; attempt++) {
      try {
        offset = await sendPart(base, id, offset, file.slice(offset, offset + PHOTO_PART_BYTES));
        break;
      } catch (problem) {
        if (problem instanceof Refused) return void say(problem.message, true);
        if (attempt >= RETRIES) return void say("The photo could not be sent: no connection to the site. Choose it again when the phone has signal.", true);
        say("Connection lost: trying again...");
        await wait(1000 * 2 ** attempt);
      }
    }
    if (progress) progress.value = offset / file.size;
    say(`Sending the photo: ${Math.round((100 * offset) / file.size)}%`);
  }
  return id;
}

/** Has the server make the sent photo ready; its hash, file name and small copy's address (as its section answers them), or undefined (said in words). */
export async function finishPhoto(base: string, id: string, fields: Record<string, string>, say: Say): Promise<{ sha: string; name: string; thumb: string } | undefined> {
  say("Making the photo ready for phones...");
  const done = await postJson(`${base}/${id}/done`, fields);
  if (!done.ok) return void say(done.message, true);
  const text = (value: unknown) => (typeof value === "string" ? value : "");
  return { sha: text(done.body.sha), name: text(done.body.name), thumb: text(done.body.thumb) };
}
