// "Before photo" and "After photo" of a job (src/desk/screens/job-editor-screen.tsx): a photo
// chosen from the camera or the library goes up at once, in parts (PHOTO_PART_BYTES, each sent
// again after a dropped connection), while the owner fills in the rest; the server checks and
// re-encodes it as it does a post's (the desk server's screens/our-work.ts). Its hash goes in the
// form's hidden field, so Save posts a small form. Save waits for a photo still on its way.
import { csrfHeader, PHOTO_PART_BYTES } from "../desk-page";
import { deskPath } from "../desk-routes";
import { pageCsrf, postJson } from "./post-json";

const RETRIES = 4;
const wait = (ms: number) => new Promise((done) => setTimeout(done, ms));

class Refused extends Error {}

/** One part; resolves with the bytes the server has, rejects with its words (Refused) or a connection problem. */
async function sendPart(id: string, offset: number, part: Blob): Promise<number> {
  const response = await fetch(`${deskPath.jobUpload}/${id}?offset=${offset}`, {
    method: "POST",
    headers: { [csrfHeader]: pageCsrf(), "content-type": "application/octet-stream" },
    body: part,
    credentials: "same-origin",
  });
  const answer: { received?: unknown; message?: unknown } = await response.json().catch(() => ({}));
  if (response.ok && typeof answer.received === "number") return answer.received;
  if (response.status === 400 && typeof answer.message === "string") throw new Refused(answer.message);
  throw new Error(`status ${response.status}`);
}

type Sent = { ok: true; sha: string; thumb: string } | { ok: false; message: string };

/** The whole photo: begun, sent part by part, finished; `say` tells the owner how far it is. */
async function send(file: File, say: (words: string) => void): Promise<Sent> {
  const begun = await postJson(deskPath.jobUpload, { size: file.size });
  if (!begun.ok) return begun;
  const id = String(begun.body.id);
  let offset = 0;
  while (offset < file.size) {
    const part = file.slice(offset, offset + PHOTO_PART_BYTES);
    for (let attempt = 0; ; attempt++) {
      try {
        offset = await sendPart(id, offset, part);
        break;
      } catch (problem) {
        if (problem instanceof Refused) return { ok: false, message: problem.message };
        if (attempt >= RETRIES) return { ok: false, message: "The photo could not be sent: no connection to the site. Choose it again when the phone has signal." };
        say("Connection lost: trying again...");
        await wait(1000 * 2 ** attempt);
      }
    }
    say(`Sending the photo: ${Math.round((100 * offset) / file.size)}%`);
  }
  say("Making the photo ready for phones...");
  const done = await postJson(`${deskPath.jobUpload}/${id}/done`);
  if (!done.ok) return done;
  return { ok: true, sha: String(done.body.sha), thumb: String(done.body.thumb) };
}

export function start(form: HTMLElement): void {
  if (!(form instanceof HTMLFormElement)) return;
  const pending = new Set<Promise<Sent>>();
  for (const note of form.querySelectorAll<HTMLElement>("[data-nojs-photos]")) note.hidden = true;

  for (const box of form.querySelectorAll<HTMLElement>("[data-job-photo]")) {
    const input = box.querySelector<HTMLInputElement>("input[type=file]");
    const hidden = box.querySelector<HTMLInputElement>("input[type=hidden]");
    const status = box.querySelector<HTMLElement>("[data-photo-status]");
    const error = box.querySelector<HTMLElement>("[data-photo-error]");
    if (!input || !hidden || !status || !error) continue;
    /** The photo just sent, small, where the job's own was (made for a new job: it has none). */
    const showThumb = (src: string) => {
      let thumb = box.querySelector<HTMLImageElement>("img");
      if (!thumb) {
        thumb = document.createElement("img");
        thumb.className = box.dataset.previewClass ?? "";
        thumb.alt = `The ${box.dataset.jobPhoto} photo`;
        thumb.width = 320;
        thumb.height = 240;
        input.before(thumb);
      }
      thumb.src = src;
    };
    let round = 0;
    input.addEventListener("change", () => {
      const file = input.files?.[0];
      if (!file) return;
      const mine = ++round;
      hidden.value = "";
      error.textContent = "";
      input.removeAttribute("aria-invalid");
      status.textContent = "Sending the photo...";
      const sending = send(file, (words) => {
        if (mine === round) status.textContent = words;
      });
      pending.add(sending);
      void sending.then((sent) => {
        pending.delete(sending);
        if (mine !== round) return;
        if (sent.ok) {
          hidden.value = sent.sha;
          showThumb(sent.thumb);
          status.textContent = "Photo ready.";
        } else {
          status.textContent = "";
          error.textContent = sent.message;
          input.setAttribute("aria-invalid", "true");
          input.value = "";
        }
      });
    });
  }

  // Save while a photo is on its way: wait for it, then post the form as pressed.
  form.addEventListener("submit", (event) => {
    if (pending.size === 0) return;
    event.preventDefault();
    const button = event.submitter instanceof HTMLButtonElement ? event.submitter : null;
    if (button) {
      button.disabled = true;
      button.setAttribute("aria-busy", "true");
    }
    void Promise.all(pending).then(() => {
      if (button) {
        button.disabled = false;
        button.removeAttribute("aria-busy");
      }
      if (form.querySelector("[data-photo-error]:not(:empty)")) return;
      form.requestSubmit(button ?? undefined);
    });
  });
}
