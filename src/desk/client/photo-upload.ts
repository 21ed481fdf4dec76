// "Add photo" in the post editor: several photos at once, as a phone's photo library gives
// them. Each goes into the text at once where the owner was writing (rich-text.ts shows it
// there, on its way) and gets a card of its own under "Add photo": its progress, and "Photo
// description". It goes up in parts in the background while the owner writes (PHOTO_PART_BYTES,
// each part sent again after a dropped connection); once it is up and described, the server
// makes it ready (the desk server's screens/posts.ts) and it takes its place in the text and
// in the list of photos. An iPhone's HEIC photo is made a JPEG first where this browser can
// (photo-convert.ts). A refused file is said in words on its card and asks nothing more.
import { csrfHeader, PHOTO_PART_BYTES } from "../desk-page";
import { deskPath } from "../desk-routes";
import { CANNOT_CONVERT, copyOf, heicAsJpeg, isHeic, previewOf } from "./photo-convert";
import { pageCsrf, postJson } from "./post-json";

export interface AddedPhoto {
  name: string;
  sha: string;
  thumb: string;
}

export interface PhotoEvents {
  /** Photos chosen: into the text where the owner was writing, each by its id. */
  placed(ids: string[]): void;
  /** A small picture of a photo on its way, to show it meanwhile. */
  previewed(id: string, preview: HTMLCanvasElement): void;
  /** How far a photo on its way is, in words. */
  progress(id: string, words: string): void;
  /** A photo on its way has a description now (shown with it in the text). */
  describing(id: string, description: string): void;
  /** A photo is ready: it takes its place in the text. */
  added(id: string, photo: AddedPhoto, description: string): void;
  /** A photo is not coming (refused, or removed): out of the text. */
  dropped(id: string): void;
  /** A photo's description changed in the list. */
  described(name: string, description: string): void;
}

export interface PhotoAdding {
  /** A photo on its way taken out of the text: not sent any further. */
  cancel(id: string): void;
  /** Why the post should not be saved yet (photos still on their way or waiting for a description), in words; undefined when none are. */
  waiting(): string | undefined;
}

const RETRIES = 4;
const wait = (ms: number) => new Promise((done) => setTimeout(done, ms));
const DESCRIBE_FIRST = "Say what the photo shows first: people who cannot see it hear this.";

class Refused extends Error {}

/** One part; resolves with the bytes the server has, rejects with the server's words (Refused) or a connection problem. */
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

type State = "preparing" | "sending" | "sent" | "finishing" | "ready" | "refused" | "gone";

interface Upload {
  id: string;
  state: State;
  card: HTMLLIElement;
  alt: HTMLInputElement;
  status: HTMLElement;
  progress: HTMLProgressElement;
  uploadId?: string;
}

let made = 0;
/** Removed meanwhile (read after an await, where TypeScript keeps the state it saw before). */
const gone = (upload: Upload) => upload.state === "gone";

export function startPhotoAdding(form: HTMLFormElement, events: PhotoEvents): PhotoAdding | undefined {
  const input = form.querySelector<HTMLInputElement>("[data-add-photo]");
  const cards = form.querySelector<HTMLUListElement>("[data-uploads]");
  const cardTemplate = form.querySelector<HTMLTemplateElement>("[data-upload-template]");
  const list = form.querySelector<HTMLUListElement>("[data-photo-list]");
  const template = form.querySelector<HTMLTemplateElement>("[data-photo-template]");
  for (const note of form.querySelectorAll<HTMLElement>("[data-nojs-photos]")) note.hidden = true;
  if (!input || !cards || !cardTemplate || !list || !template) return undefined;

  // Descriptions of the photos in the list are their words in the text.
  list.addEventListener("input", (event) => {
    const field = event.target;
    if (field instanceof HTMLInputElement && field.dataset.photoAlt) events.described(field.dataset.photoAlt, field.value);
  });

  const uploads = new Map<string, Upload>();
  // One photo made ready at a time: each is named from its description, apart from the names taken before it.
  let finishing: Promise<void> = Promise.resolve();

  const say = (upload: Upload, words: string) => {
    upload.status.textContent = words;
    events.progress(upload.id, words);
  };
  const refuse = (upload: Upload, words: string) => {
    if (upload.state === "gone") return;
    upload.state = "refused";
    const error = upload.card.querySelector<HTMLElement>("[data-upload-error]");
    if (error) {
      error.textContent = words;
      error.hidden = false;
    }
    // Said in words, and nothing more asked: no description, no progress.
    upload.card.querySelector<HTMLElement>("[data-upload-describe]")?.setAttribute("hidden", "");
    upload.progress.hidden = true;
    upload.status.textContent = "";
    const remove = upload.card.querySelector<HTMLButtonElement>("[data-upload-remove]");
    if (remove) remove.textContent = "Dismiss";
    events.dropped(upload.id);
  };
  const forget = (upload: Upload) => {
    upload.state = "gone";
    upload.card.remove();
    uploads.delete(upload.id);
    cards.hidden = cards.children.length === 0;
  };

  /** Sends the photo's parts; true when the server has them all. */
  async function send(upload: Upload, file: File): Promise<boolean> {
    const begun = await postJson(deskPath.postUpload, { size: file.size });
    if (gone(upload)) return false;
    if (!begun.ok) {
      refuse(upload, begun.message);
      return false;
    }
    const id = String(begun.body.id);
    upload.uploadId = id;
    let offset = 0;
    while (offset < file.size) {
      const part = file.slice(offset, offset + PHOTO_PART_BYTES);
      for (let attempt = 0; ; attempt++) {
        if (gone(upload)) return false;
        try {
          offset = await sendPart(id, offset, part, (sent) => (upload.progress.value = (offset + sent) / file.size));
          break;
        } catch (problem) {
          if (problem instanceof Refused) {
            refuse(upload, problem.message);
            return false;
          }
          if (attempt >= RETRIES) {
            refuse(upload, "The photo could not be sent: no connection to the site. Add it again when the phone has signal.");
            return false;
          }
          say(upload, "Connection lost: trying again...");
          await wait(1000 * 2 ** attempt);
        }
      }
      upload.progress.value = offset / file.size;
      say(upload, `Sending: ${Math.round((100 * offset) / file.size)}%`);
    }
    return true;
  }

  /** Made ready by the server once it is up and described; then in the text and the list. */
  const finish = (upload: Upload) => {
    if (upload.state !== "sent") return;
    const description = upload.alt.value.trim();
    if (!description) {
      say(upload, "Sent. Say what it shows, and it is in the post.");
      return;
    }
    upload.state = "finishing";
    say(upload, "Making the photo ready for phones...");
    finishing = finishing.then(async () => {
      if (upload.state !== "finishing") return;
      const taken = [...list.querySelectorAll<HTMLElement>("[data-photo]")].map((item) => item.dataset.photo ?? "");
      const done = await postJson(`${deskPath.postUpload}/${upload.uploadId}/done`, { description: upload.alt.value.trim(), taken });
      if (upload.state !== "finishing") return;
      if (!done.ok) {
        refuse(upload, done.message);
        return;
      }
      upload.state = "ready";
      const photo = { name: String(done.body.name), sha: String(done.body.sha), thumb: String(done.body.thumb) };
      const focused = document.activeElement === upload.alt;
      const field = listItem(list, template, photo, upload.alt.value.trim());
      forget(upload);
      events.added(upload.id, photo, field?.value ?? description);
      if (focused) field?.focus();
    });
  };

  input.addEventListener("change", () => {
    const files = [...(input.files ?? [])];
    input.value = "";
    if (files.length === 0) return;
    // The last choice's refusals were read: this choice's own are shown.
    for (const upload of [...uploads.values()]) if (upload.state === "refused") forget(upload);
    const chosen: Upload[] = [];
    for (const file of files) {
      const card = cardTemplate.content.firstElementChild?.cloneNode(true);
      if (!(card instanceof HTMLLIElement)) return;
      const id = `photo-${Date.now().toString(36)}-${++made}`;
      const upload: Upload = {
        id,
        state: "preparing",
        card,
        alt: card.querySelector<HTMLInputElement>("[data-upload-alt]") as HTMLInputElement,
        status: card.querySelector<HTMLElement>("[data-upload-status]") as HTMLElement,
        progress: card.querySelector<HTMLProgressElement>("[data-upload-progress]") as HTMLProgressElement,
      };
      fillCard(upload, file.name);
      cards.append(card);
      uploads.set(id, upload);
      chosen.push(upload);
      upload.alt.addEventListener("input", () => events.describing(id, upload.alt.value.trim()));
      upload.alt.addEventListener("change", () => finish(upload));
      upload.alt.addEventListener("keydown", (event) => {
        // Enter is "done" here, never the form's first button.
        if (event.key !== "Enter" || event.isComposing) return;
        event.preventDefault();
        if (!upload.alt.value.trim()) say(upload, DESCRIBE_FIRST);
        finish(upload);
      });
      card.querySelector<HTMLButtonElement>("[data-upload-remove]")?.addEventListener("click", () => {
        if (upload.state !== "refused") events.dropped(id);
        forget(upload);
      });
    }
    cards.hidden = false;
    events.placed(chosen.map((u) => u.id));
    // The next thing to do: say what the first one shows.
    chosen[0]?.alt.focus();
    for (const [i, upload] of chosen.entries()) void prepareAndSend(upload, files[i] as File);
  });

  /** Its picture on its card and in the text. */
  const show = async (upload: Upload, file: Blob) => {
    const preview = await previewOf(file);
    if (!preview || gone(upload)) return;
    upload.card.querySelector<HTMLElement>("[data-upload-thumb]")?.replaceChildren(copyOf(preview));
    events.previewed(upload.id, preview);
  };

  async function prepareAndSend(upload: Upload, chosen: File) {
    let file = chosen;
    if (isHeic(chosen)) {
      say(upload, "Making the iPhone photo a JPEG...");
      const jpeg = await heicAsJpeg(chosen);
      if (gone(upload)) return;
      if (!jpeg) {
        refuse(upload, CANNOT_CONVERT);
        return;
      }
      file = jpeg;
    }
    void show(upload, file);
    upload.state = "sending";
    say(upload, "Sending...");
    if (!(await send(upload, file))) return;
    if (upload.state !== "sending") return;
    upload.state = "sent";
    upload.progress.value = 1;
    finish(upload);
  }

  return {
    cancel(id) {
      const upload = uploads.get(id);
      if (upload && upload.state !== "ready") forget(upload);
    },
    waiting() {
      const open = [...uploads.values()].filter((u) => u.state !== "refused" && u.state !== "gone" && u.state !== "ready");
      if (open.length === 0) return undefined;
      const undescribed = open.find((u) => !u.alt.value.trim());
      if (undescribed) {
        undescribed.alt.focus();
        return `Not saved yet: say what ${open.length === 1 ? "the photo" : "each photo"} shows under "Add photo" first.`;
      }
      return `Not saved yet: ${open.length === 1 ? "a photo is" : `${open.length} photos are`} still on the way. Press again in a moment.`;
    },
  };
}

/** A card's own ids and words. */
function fillCard(upload: Upload, fileName: string) {
  const { card, id } = upload;
  const name = card.querySelector<HTMLElement>("[data-upload-name]");
  if (name) name.textContent = fileName;
  upload.progress.setAttribute("aria-label", `Sending ${fileName}`);
  const label = card.querySelector<HTMLLabelElement>("[data-upload-alt-label]");
  const hint = card.querySelector<HTMLElement>("[data-upload-alt-hint]");
  const error = card.querySelector<HTMLElement>("[data-upload-error]");
  upload.alt.id = `${id}-alt`;
  label?.setAttribute("for", upload.alt.id);
  if (hint) hint.id = `${id}-hint`;
  if (error) error.id = `${id}-error`;
  upload.alt.setAttribute("aria-describedby", `${id}-hint ${id}-error`);
}

/** The photo in the list of the post's photos, with its description field; returns that field. */
function listItem(list: HTMLUListElement, template: HTMLTemplateElement, photo: AddedPhoto, description: string): HTMLInputElement | undefined {
  const item = template.content.firstElementChild?.cloneNode(true);
  if (!(item instanceof HTMLLIElement)) return undefined;
  const id = `post-photo-${list.children.length}-${Date.now()}`;
  item.dataset.photo = photo.name;
  const thumb = item.querySelector("img");
  if (thumb) thumb.src = photo.thumb;
  item.querySelector("label")?.setAttribute("for", id);
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
  return field ?? undefined;
}
