// A page's hero photo in Services, Service areas and Home page (src/desk/screens/site-page-screen.tsx):
// chosen from the camera or the phone's photos, it goes up at once in parts (PHOTO_PART_BYTES,
// a part sent again after a dropped connection) while the owner types; Save waits for it, has the
// server check and re-encode it (as a post's photo: the desk server's posts/photo-upload.ts),
// and sends the form with the photo's reference. The rest of the form is a plain POST.
import { csrfHeader, PHOTO_PART_BYTES } from "../desk-page";
import { deskPath } from "../desk-routes";
import { pageCsrf, postJson } from "./post-json";
import { start as startUnsaved } from "./unsaved";

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

export function start(form: HTMLElement): void {
  if (!(form instanceof HTMLFormElement)) return;
  startUnsaved(form);
  const input = form.querySelector<HTMLInputElement>("[data-hero-file]");
  const progress = form.querySelector<HTMLProgressElement>("[data-hero-progress]");
  const status = form.querySelector<HTMLElement>("[data-hero-status]");
  const sha = form.querySelector<HTMLInputElement>('input[name="heroPhotoSha"]');
  const name = form.querySelector<HTMLInputElement>('input[name="heroPhotoName"]');
  const alt = form.querySelector<HTMLInputElement>('[name="heroImageAlt"], [name="hero.imageAlt"]');
  if (!input || !progress || !status || !sha || !name) return;

  let upload: Promise<string | undefined> | undefined;
  const say = (words: string, problem = false) => {
    status.textContent = words;
    input.setAttribute("aria-invalid", problem ? "true" : "false");
  };

  /** Sends the photo; resolves with the upload's id when the server has every byte, else undefined (said in words). */
  async function send(file: File): Promise<string | undefined> {
    const begun = await postJson(deskPath.pageUpload, { size: file.size });
    if (!begun.ok) return void say(begun.message, true);
    const id = String(begun.body.id);
    let offset = 0;
    progress!.hidden = false;
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
      progress!.value = offset / file.size;
      say(`Sending the photo: ${Math.round((100 * offset) / file.size)}%`);
    }
    say("Photo sent. Say what it shows, then Save.");
    return id;
  }

  input.addEventListener("change", () => {
    const file = input.files?.[0];
    sha.value = "";
    name.value = "";
    upload = file ? send(file) : undefined;
  });

  let ready = false;
  form.addEventListener("submit", (event) => {
    if (ready || !upload) return;
    event.preventDefault();
    const submitter = event.submitter instanceof HTMLElement ? event.submitter : null;
    void (async () => {
      const id = await upload;
      if (!id) return;
      say("Making the photo ready for phones...");
      const done = await postJson(`${deskPath.pageUpload}/${id}/done`, { description: alt?.value ?? "" });
      if (!done.ok) return say(done.message, true);
      sha.value = String(done.body.sha);
      name.value = String(done.body.name);
      upload = undefined;
      ready = true;
      form.requestSubmit(submitter instanceof HTMLButtonElement ? submitter : undefined);
    })();
  });
}
