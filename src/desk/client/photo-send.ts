// A photo from the phone on its way up to the desk (a page's hero photo, a photo replaced in the
// library): sent in parts (PHOTO_PART_BYTES, a part sent again after a dropped connection), then
// checked, turned and re-encoded by the server as a post's photo is (the desk server's
// posts/photo-upload.ts) and kept in the store; the answer names it by its hash.
import { csrfHeader, PHOTO_PART_BYTES } from "../desk-page";
import { deskPath } from "../desk-routes";
import { pageCsrf, postJson } from "./post-json";

const RETRIES = 4;
const wait = (ms: number) => new Promise((done) => setTimeout(done, ms));

class Refused extends Error {}

/** One part; resolves with the bytes the server has, rejects with its words or a connection problem. */
async function sendPart(id: string, offset: number, part: Blob): Promise<number> {
  let response: Response;
  try {
    response = await fetch(`${deskPath.pageUpload}/${id}?offset=${offset}`, {
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

/** Sends the photo; resolves with the upload's id when the server has every byte, else undefined (said in words). */
export async function sendPhoto(file: File, progress: HTMLProgressElement, say: Say): Promise<string | undefined> {
  const begun = await postJson(deskPath.pageUpload, { size: file.size });
  if (!begun.ok) return void say(begun.message, true);
  const id = String(begun.body.id);
  let offset = 0;
  progress.hidden = false;
  while (offset < file.size) {
    for (let attempt = 0; ; attempt++) {
      try {
        offset = await sendPart(id, offset, file.slice(offset, offset + PHOTO_PART_BYTES));
        break;
      } catch (problem) {
        if (problem instanceof Refused) return void say(problem.message, true);
        if (attempt >= RETRIES) return void say("The photo could not be sent: no connection to the site. Choose it again when the phone has signal.", true);
        say("Connection lost: trying again...");
        await wait(1000 * 2 ** attempt);
      }
    }
    progress.value = offset / file.size;
    say(`Sending the photo: ${Math.round((100 * offset) / file.size)}%`);
  }
  return id;
}

/** Has the server make the sent photo ready; its hash and file name, or undefined (said in words). */
export async function finishPhoto(id: string, description: string, say: Say): Promise<{ sha: string; name: string } | undefined> {
  say("Making the photo ready for phones...");
  const done = await postJson(`${deskPath.pageUpload}/${id}/done`, { description });
  if (!done.ok) return void say(done.message, true);
  return { sha: String(done.body.sha), name: String(done.body.name) };
}
