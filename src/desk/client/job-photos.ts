// "Before photo" and "After photo" of a job (src/desk/screens/job-editor-screen.tsx): a photo
// chosen from the camera or the library goes up at once, in parts (PHOTO_PART_BYTES, each sent
// again after a dropped connection), while the owner fills in the rest; the server checks and
// re-encodes it as it does a post's (the desk server's screens/our-work.ts). Its hash goes in the
// form's hidden field, so Save posts a small form. Save waits for a photo still on its way. The
// sending is photo-send.ts's, as for a page's hero photo.
import { deskPath } from "../desk-routes";
import { finishPhoto, sendPhoto, type Say } from "./photo-send";

/** The photo ready on the server (its hash and small copy), or undefined when it stopped (said in words). */
async function send(file: File, say: Say): Promise<{ sha: string; thumb: string } | undefined> {
  const id = await sendPhoto(deskPath.jobUpload, file, say);
  return id ? finishPhoto(deskPath.jobUpload, id, {}, say) : undefined;
}

export function start(form: HTMLElement): void {
  if (!(form instanceof HTMLFormElement)) return;
  const pending = new Set<Promise<unknown>>();
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
      let problem = "";
      const sending = send(file, (words, stopped) => {
        if (mine !== round) return;
        if (stopped) problem = words;
        else status.textContent = words;
      });
      pending.add(sending);
      void sending.then((sent) => {
        pending.delete(sending);
        if (mine !== round) return;
        if (sent) {
          hidden.value = sent.sha;
          showThumb(sent.thumb);
          status.textContent = "Photo ready.";
        } else {
          status.textContent = "";
          error.textContent = problem || "The photo could not be sent: choose it again.";
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
