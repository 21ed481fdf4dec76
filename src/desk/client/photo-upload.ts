// "Add photo" in the post editor: the photo from the phone's camera or library goes up in parts
// (PHOTO_PART_BYTES, each sent again after a dropped connection) with a progress bar while the
// owner says what it shows; the server checks it from its bytes and makes it ready
// (the desk server's screens/posts.ts). Then it is in the text and the list of photos.
import { csrfHeader, PHOTO_PART_BYTES } from "../desk-page";
import { deskPath } from "../desk-routes";
import { pageCsrf, postJson } from "./post-json";

export interface AddedPhoto {
  name: string;
  sha: string;
  thumb: string;
}

export interface PhotoEvents {
  added(photo: AddedPhoto, description: string): void;
  /** A photo's description changed in the list. */
  described(name: string, description: string): void;
}

const RETRIES = 4;
const wait = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** One part; resolves with the bytes the server has, rejects with the server's words or a connection problem. */
function sendPart(id: string, offset: number, part: Blob, progress: (sent: number) => void): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", `${deskPath.postUpload}/${id}?offset=${offset}`);
    request.setRequestHeader(csrfHeader, pageCsrf());
    request.setRequestHeader("content-type", "application/octet-stream");
    request.upload.addEventListener("progress", (event) => progress(event.loaded));
    request.addEventListener("load", () => {
      let answer: { received?: number; message?: string } = {};
      try {
        answer = JSON.parse(request.responseText);
      } catch {
        // Not the desk's answer (a proxy's page): a connection problem.
      }
      if (request.status === 200 && typeof answer.received === "number") resolve(answer.received);
      else if (request.status === 400 && answer.message) reject(new Refused(answer.message));
      else reject(new Error(`status ${request.status}`));
    });
    request.addEventListener("error", () => reject(new Error("no connection")));
    request.addEventListener("timeout", () => reject(new Error("timeout")));
    request.timeout = 60_000;
    request.send(part);
  });
}

class Refused extends Error {}

export function startPhotoAdding(form: HTMLFormElement, events: PhotoEvents): void {
  const input = form.querySelector<HTMLInputElement>("[data-add-photo]");
  const panel = form.querySelector<HTMLElement>("[data-upload]");
  const progress = panel?.querySelector<HTMLProgressElement>("[data-upload-progress]");
  const statusLine = panel?.querySelector<HTMLElement>("[data-upload-status]");
  const alt = panel?.querySelector<HTMLInputElement>("[data-upload-alt]");
  const error = panel?.querySelector<HTMLElement>("[data-upload-error]");
  const add = panel?.querySelector<HTMLButtonElement>("[data-upload-add]");
  const cancel = panel?.querySelector<HTMLButtonElement>("[data-upload-cancel]");
  const refusal = panel?.querySelector<HTMLElement>("[data-upload-refused]");
  const list = form.querySelector<HTMLUListElement>("[data-photo-list]");
  const template = form.querySelector<HTMLTemplateElement>("[data-photo-template]");
  for (const note of form.querySelectorAll<HTMLElement>("[data-nojs-photos]")) note.hidden = true;
  if (!input || !panel || !progress || !statusLine || !alt || !error || !add || !cancel || !refusal || !list || !template) return;
  const asks = [...panel.querySelectorAll<HTMLElement>("[data-upload-ask]")];

  // Descriptions of the photos in the list are their words in the text.
  list.addEventListener("input", (event) => {
    const field = event.target;
    if (field instanceof HTMLInputElement && field.dataset.photoAlt) events.described(field.dataset.photoAlt, field.value);
  });

  let current: { id: string; uploaded: Promise<boolean> } | undefined;
  let round = 0;
  const showError = (words: string) => {
    error.textContent = words;
    alt.setAttribute("aria-invalid", words ? "true" : "false");
  };
  /** The panel as a chosen file has it: its progress, the description asked for, the buttons. */
  const asking = () => {
    refusal.textContent = "";
    progress.hidden = false;
    for (const part of asks) part.hidden = false;
  };
  /**
   * A file that will not be a photo in the post (the server refused it, or it could not be sent):
   * said in words, and nothing more is asked of it. Another file is chosen in "Add photo".
   */
  const refuse = (words: string) => {
    round++;
    current = undefined;
    statusLine.textContent = "";
    showError("");
    progress.hidden = true;
    for (const part of asks) part.hidden = true;
    refusal.textContent = words;
    input.value = "";
    input.focus();
  };
  const reset = () => {
    round++;
    current = undefined;
    panel.hidden = true;
    input.value = "";
    alt.value = "";
    showError("");
    asking();
    add.disabled = false;
  };

  /** Sends the photo's parts; true when the server has them all. */
  async function upload(file: File, id: string, mine: number): Promise<boolean> {
    let offset = 0;
    while (offset < file.size) {
      const part = file.slice(offset, offset + PHOTO_PART_BYTES);
      for (let attempt = 0; ; attempt++) {
        if (mine !== round) return false;
        try {
          offset = await sendPart(id, offset, part, (sent) => (progress!.value = (offset + sent) / file.size));
          break;
        } catch (problem) {
          if (problem instanceof Refused) {
            refuse(problem.message);
            return false;
          }
          if (attempt >= RETRIES) {
            refuse("The photo could not be sent: no connection to the site. Choose it again when the phone has signal.");
            return false;
          }
          statusLine!.textContent = "Connection lost: trying again...";
          await wait(1000 * 2 ** attempt);
        }
      }
      progress!.value = offset / file.size;
      statusLine!.textContent = `Sending the photo: ${Math.round((100 * offset) / file.size)}%`;
    }
    statusLine!.textContent = "Photo sent. Say what it shows, then put it in the post.";
    return true;
  }

  input.addEventListener("change", async () => {
    const file = input.files?.[0];
    if (!file) return;
    const mine = ++round;
    panel.hidden = false;
    asking();
    progress.value = 0;
    showError("");
    statusLine.textContent = "Sending the photo...";
    alt.focus();
    const begun = await postJson(deskPath.postUpload, { size: file.size });
    if (mine !== round) return;
    if (!begun.ok) {
      refuse(begun.message);
      return;
    }
    const id = String(begun.body.id);
    current = { id, uploaded: upload(file, id, mine) };
  });

  cancel.addEventListener("click", () => {
    reset();
    input.focus();
  });

  add.addEventListener("click", async () => {
    const description = alt.value.trim();
    if (!description) {
      showError("Say what the photo shows first: people who cannot see it hear this.");
      alt.focus();
      return;
    }
    if (!current) return;
    add.disabled = true;
    const mine = round;
    if (!(await current.uploaded) || mine !== round) {
      add.disabled = false;
      return;
    }
    statusLine.textContent = "Making the photo ready for phones...";
    const taken = [...list.querySelectorAll<HTMLElement>("[data-photo]")].map((item) => item.dataset.photo ?? "");
    const done = await postJson(`${deskPath.postUpload}/${current.id}/done`, { description, taken });
    if (mine !== round) return;
    if (!done.ok) {
      statusLine.textContent = "";
      showError(done.message);
      add.disabled = false;
      return;
    }
    const photo = { name: String(done.body.name), sha: String(done.body.sha), thumb: String(done.body.thumb) };
    const item = template.content.firstElementChild?.cloneNode(true);
    if (item instanceof HTMLLIElement) {
      const id = `post-photo-${list.children.length}-${Date.now()}`;
      item.dataset.photo = photo.name;
      const thumb = item.querySelector("img");
      if (thumb) thumb.src = photo.thumb;
      const label = item.querySelector("label");
      label?.setAttribute("for", id);
      const field = item.querySelector<HTMLInputElement>("input");
      if (field) {
        field.id = id;
        field.value = description;
        field.dataset.photoAlt = photo.name;
        field.setAttribute("aria-describedby", `${id}-name`);
      }
      const name = item.querySelector<HTMLElement>(`[id$="-name"]`);
      if (name) {
        name.id = `${id}-name`;
        name.textContent = photo.name;
      }
      list.append(item);
    }
    events.added(photo, description);
    reset();
  });
}
