// The post editor's script (data-desk="post-editor" on src/desk/screens/post-editor-screen.tsx's
// form): the text as it will read (rich-text.ts, loaded here; "Edit as text" shows the Markdown
// itself, with markdown-edits.ts behind the same toolbar), photos (photo-upload.ts), the preview
// beside the text or over it on a phone, and autosave: every change kept on this phone at once and
// on the server after a pause, so a dropped connection or a closed tab loses nothing. Without it
// the form still saves, publishes and previews (a page of its own), its text the Markdown.
import { deskPath } from "../desk-routes";
import { postFields } from "../post-editor-form";
import { slugFromTitle } from "../../content/post-slug";
import { continueBlock, insertLink, insertPhoto, putTable, tableAt, toggleInline, toggleLines, type Edit, type LineStyle, type Selection } from "./markdown-edits";
import { startPhotoAdding } from "./photo-upload";
import { postJson } from "./post-json";
import { startPreview } from "./preview-column";
import type { RichText } from "./rich-text";

const AUTOSAVE_PAUSE_MS = 1500;
/** The editable text of the post as it will read (rich-text.ts). */
const RICH_ID = "post-text-rich";

/** The form's fields as posted, without the token and the button. */
export function formFields(form: HTMLFormElement): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of new FormData(form)) if (typeof value === "string" && name !== "csrf" && name !== postFields.action) out[name] = value;
  return out;
}

const localKey = (postId: string) => `desk-post:${postId}`;
const same = (a: Record<string, string>, b: Record<string, string>) => JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

export function start(form: HTMLElement): void {
  if (!(form instanceof HTMLFormElement)) return;
  document.documentElement.dataset.scripted = "";
  const text = form.querySelector<HTMLTextAreaElement>(`textarea[name="${postFields.text}"]`);
  const title = form.querySelector<HTMLInputElement>(`input[name="${postFields.title}"]`);
  const status = document.querySelector<HTMLElement>("[data-autosave-status]");
  if (!text || !title) return;

  // ------------------------------------------------------------ text: as it will read, or as text

  const host = form.querySelector<HTMLElement>("[data-rich-host]");
  const modeButton = form.querySelector<HTMLButtonElement>("[data-text-mode]");
  const note = form.querySelector<HTMLElement>("[data-text-note]");
  const label = form.querySelector<HTMLLabelElement>("#post-text-label");
  const toolbar = form.querySelector<HTMLElement>("[data-toolbar]");
  let rich: RichText | undefined;
  /** The text's Markdown into the form now (it follows the editor after each pause in typing). */
  const flushText = () => rich?.flush();
  const fields = () => {
    flushText();
    return formFields(form);
  };

  const showText = (reason?: string) => {
    text.hidden = false;
    text.dataset.shown = "";
    if (host) host.hidden = true;
    label?.setAttribute("for", text.id);
    toolbar?.setAttribute("aria-controls", text.id);
    modeButton?.setAttribute("aria-pressed", "true");
    if (note) {
      note.textContent = reason ?? "";
      note.hidden = !reason;
    }
    document.documentElement.dataset.editorReady = "text";
  };
  const showRich = () => {
    text.hidden = true;
    if (host) host.hidden = false;
    // The label names the editable text (aria-labelledby); `for` may only name a form field.
    label?.removeAttribute("for");
    toolbar?.setAttribute("aria-controls", RICH_ID);
    modeButton?.setAttribute("aria-pressed", "false");
    if (note) note.hidden = true;
    document.documentElement.dataset.editorReady = "rich";
  };
  const closeRich = (reason?: string) => {
    if (!rich) return;
    rich.flush();
    rich.destroy();
    rich = undefined;
    showText(reason);
  };
  const thumbOf = (name: string) =>
    [...form.querySelectorAll<HTMLElement>("[data-photo-list] > li[data-photo]")].find((item) => item.dataset.photo === name)?.querySelector("img")?.getAttribute("src") ?? undefined;

  /** The editor on the form's text; a post it cannot show as written stays as text, saying why. */
  const openRich = async (focus: boolean): Promise<void> => {
    if (!host) return showText();
    try {
      performance.mark("editor:start");
      const { startRichText } = await import("./rich-text");
      performance.mark("editor:loaded");
      const describedBy = text.getAttribute("aria-describedby");
      rich = await startRichText({
        host,
        markdown: text.value,
        changed(markdown) {
          text.value = markdown;
          text.dispatchEvent(new Event("input", { bubbles: true }));
        },
        photoUrl: thumbOf,
        removedPending: (id) => photos?.cancel(id),
        askLink: (current) => window.prompt("The link's address (like https://example.com or /contact). Empty: no link.", current),
        attributes: {
          id: RICH_ID,
          "aria-labelledby": "post-text-label",
          "aria-multiline": "true",
          ...(describedBy ? { "aria-describedby": describedBy } : {}),
          ...(text.getAttribute("aria-invalid") === "true" ? { "aria-invalid": "true" } : {}),
          spellcheck: "true",
          autocapitalize: "sentences",
        },
      });
    } catch (error) {
      const reason = error instanceof Error && error.name === "CannotHold" ? (error as Error & { reason: string }).reason : undefined;
      // No editor (its code did not load): the text is still the post, as Markdown.
      showText(reason ?? "The editor could not be loaded, so you see the post's text as it is written. Reload the page to try again.");
      return;
    }
    showRich();
    if (focus) rich.focus();
    // Checked once it is ready: a post the editor would change in meaning goes back to text, saying why.
    const check = () => {
      const reason = rich?.unfaithful();
      if (reason) closeRich(reason);
      document.documentElement.dataset.editorChecked = "";
    };
    if ("requestIdleCallback" in window) window.requestIdleCallback(check, { timeout: 2000 });
    else setTimeout(check, 200);
  };
  label?.addEventListener("click", () => rich?.focus());
  if (modeButton) {
    modeButton.hidden = false;
    modeButton.addEventListener("click", () => {
      if (rich) {
        closeRich();
        text.focus();
      } else void openRich(true);
    });
  }
  void openRich(false);

  // ------------------------------------------------------------ the toolbar and keys

  /** Applies an edit as typing would, so the browser's undo takes it back. */
  const apply = (edit: Edit) => {
    text.focus();
    text.setSelectionRange(edit.from, edit.to);
    if (!document.execCommand("insertText", false, edit.insert)) text.setRangeText(edit.insert, edit.from, edit.to, "end");
    text.setSelectionRange(edit.selectStart, edit.selectEnd);
    text.dispatchEvent(new Event("input", { bubbles: true }));
  };
  const selection = (): Selection => ({ text: text.value, start: text.selectionStart, end: text.selectionEnd });
  const lineStyles: Record<string, LineStyle> = { heading: "heading", subheading: "subheading", bullets: "bullets", numbers: "numbers", quote: "quote" };

  /** What each button does to the Markdown itself ("Edit as text"). */
  const textCommands: Record<string, () => void> = {
    bold: () => apply(toggleInline(selection(), "**", "bold words")),
    italic: () => apply(toggleInline(selection(), "*", "slanted words")),
    link: () => {
      const address = window.prompt("The link's address (like https://example.com or /contact)")?.trim();
      if (address) apply(insertLink(selection(), address, ""));
    },
    table: () => {
      const sel = selection();
      const found = tableAt(sel);
      // In a table: one more row. Elsewhere: a table of two columns to type over.
      const cells = found
        ? { ...found.cells, rows: [...found.cells.rows, found.cells.rows[0]?.map(() => "") ?? [""]] }
        : { rows: [["Column", "Column"], ["", ""]], align: ["" as const, "" as const] };
      apply(putTable(sel, cells));
    },
  };
  for (const [command, style] of Object.entries(lineStyles)) textCommands[command] = () => apply(toggleLines(selection(), style));
  const command = (name: string) => {
    if (name === "photo") form.querySelector<HTMLInputElement>("[data-add-photo]")?.click();
    else if (rich) rich.command(name);
    else textCommands[name]?.();
  };

  if (toolbar) {
    toolbar.hidden = false;
    // The text keeps its selection and the phone its keyboard: a tap on a button does not take the focus.
    toolbar.addEventListener("pointerdown", (event) => event.preventDefault());
    toolbar.addEventListener("mousedown", (event) => event.preventDefault());
    toolbar.addEventListener("click", (event) => {
      const button = (event.target as Element).closest<HTMLButtonElement>("button[data-command]");
      if (button) command(button.dataset.command ?? "");
    });
  }
  text.addEventListener("keydown", (event) => {
    const mod = event.ctrlKey || event.metaKey;
    const key = event.key.toLowerCase();
    const name = mod && !event.altKey ? ({ b: "bold", i: "italic", k: "link" } as Record<string, string>)[key] : undefined;
    if (name) {
      event.preventDefault();
      textCommands[name]?.();
    } else if (event.key === "Enter" && !mod && !event.shiftKey && !event.isComposing) {
      const edit = continueBlock(selection());
      if (edit) {
        event.preventDefault();
        apply(edit);
      }
    }
  });

  // ------------------------------------------------------------ fields that follow others

  // Enter in Title goes on to the text, as the phone's "Next" key says (enterkeyhint), and saves
  // nothing; without this script the form's hidden default button saves a draft.
  title.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" || event.isComposing) return;
    event.preventDefault();
    if (rich) rich.focus();
    else text.focus();
  });

  const slug = form.querySelector<HTMLInputElement>("[data-slug-auto]");
  if (slug) {
    let auto = true;
    slug.addEventListener("input", () => (auto = slug.value === ""));
    title.addEventListener("input", () => {
      if (auto) slug.value = slugFromTitle(title.value);
    });
    slug.value = slugFromTitle(title.value);
  }
  for (const count of form.querySelectorAll<HTMLElement>("[data-count-for]")) {
    const field = form.querySelector<HTMLTextAreaElement>(`#${count.dataset.countFor}`);
    const limit = Number(count.dataset.countLimit);
    field?.addEventListener("input", () => {
      const n = field.value.length;
      count.textContent = n > limit ? `${n} characters: search engines show about ${limit}, the rest is cut` : `${n} of ${limit} characters`;
    });
  }

  // ------------------------------------------------------------ photos

  const photosField = form.querySelector<HTMLInputElement>("[data-photos]");
  const photos = startPhotoAdding(form, {
    placed: (ids) => rich?.placePhotos(ids),
    previewed: (id, preview) => rich?.pendingPreview(id, preview),
    progress: (id, words) => rich?.pendingWords(id, words),
    describing: (id, description) => rich?.pendingAlt(id, description),
    dropped: (id) => rich?.pendingGone(id),
    added(id, photo, description) {
      if (photosField) {
        const list = JSON.parse(photosField.value || "[]") as { name: string; sha: string | null }[];
        photosField.value = JSON.stringify([...list, { name: photo.name, sha: photo.sha }]);
      }
      // In its place in the text; chosen while the text was shown as Markdown, at the cursor there.
      if (rich) rich.photoReady(id, photo.name, description);
      else apply(insertPhoto(selection(), description, photo.name));
      const cover = form.querySelector<HTMLSelectElement>("[data-cover-select]");
      cover?.add(new Option(photo.name, `./${photo.name}`));
      text.dispatchEvent(new Event("input", { bubbles: true }));
    },
    described(name, description) {
      if (rich) return rich.describe(name, description);
      // The description is the photo's words in the text: `![description](./name)`.
      const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      const clean = description.replace(/[[\]\n]/g, " ").trim();
      const next = text.value.replace(new RegExp(`!\\[[^\\]]*\\]\\(\\./${escaped}\\)`), `![${clean}](./${name})`);
      if (next !== text.value) {
        text.value = next;
        text.dispatchEvent(new Event("input", { bubbles: true }));
      }
    },
  });
  const waitingLine = form.querySelector<HTMLElement>("[data-photos-waiting]");
  form.addEventListener("submit", (event) => {
    const action = event.submitter instanceof HTMLButtonElement ? event.submitter.value : "";
    const words = action === "preview" || action === "unpublish" ? undefined : photos?.waiting();
    if (waitingLine) {
      waitingLine.textContent = words ?? "";
      waitingLine.hidden = !words;
    }
    if (words) {
      event.preventDefault();
      event.stopImmediatePropagation();
    }
  });

  // ------------------------------------------------------------ preview

  const preview = startPreview({ form, ask: () => postJson(deskPath.postPreview, { fields: fields() }) });

  // ------------------------------------------------------------ autosave

  const postId = formFields(form)[postFields.postId] ?? "";
  const opened = formFields(form);
  let serverTimer: ReturnType<typeof setTimeout> | undefined;
  let submitting = false;
  const say = (words: string) => {
    if (status) status.textContent = words;
  };
  const keepOnServer = async () => {
    const answer = await postJson(deskPath.postAutosave, { fields: fields() });
    if (answer.ok) say(`Changes kept ${String(answer.body.at ?? "")}`.trim());
    // Still on this phone: sent again with the next change, or offered when the post is opened.
    else say("Changes kept on this phone only: no connection to the site");
  };
  const keepOnPhone = (sent: boolean) => {
    try {
      localStorage.setItem(localKey(postId), JSON.stringify({ at: Date.now(), fields: formFields(form), sent }));
    } catch {
      // A full or private store: the server's copy is the one kept.
    }
  };
  const changed = () => {
    keepOnPhone(false);
    say("Changes not kept yet...");
    clearTimeout(serverTimer);
    serverTimer = setTimeout(() => void keepOnServer(), AUTOSAVE_PAUSE_MS);
    preview.changed();
  };
  form.addEventListener("input", changed);
  form.addEventListener("change", changed);
  form.addEventListener("submit", () => {
    flushText();
    submitting = true;
    clearTimeout(serverTimer);
    // Kept until the site says it took the save (the next page's "done" notice): a dropped connection loses nothing.
    keepOnPhone(true);
  });
  window.addEventListener("pagehide", () => {
    flushText();
    if (!submitting && serverTimer !== undefined) void keepOnServer();
  });
  window.addEventListener("online", () => {
    if (!same(fields(), opened)) void keepOnServer();
  });

  /**
   * The phone's copy kept on the site, then the editor opened from there: the site draws its
   * photos' list, thumbnails and cover choices, which this page has only for its own photos.
   * False when the site cannot be reached.
   */
  const reopenWith = async (fields: Record<string, string>): Promise<boolean> => {
    clearTimeout(serverTimer);
    serverTimer = undefined;
    const answer = await postJson(deskPath.postAutosave, { fields });
    if (!answer.ok) return false;
    // Leaving with nothing unsent: this page's fields must not be kept over the copy on the way out.
    submitting = true;
    const slug = opened[postFields.savedSlug];
    location.assign(slug ? `${deskPath.postEdit}/${encodeURIComponent(slug)}?unsaved=use` : `${deskPath.postNew}?unsaved=${encodeURIComponent(postId)}`);
    return true;
  };

  // Work kept on this phone that the page does not have (a save that never arrived): offer it.
  // The phone's copy put in the form here: the editor shows its text (not its own, which it would write back).
  const textReplaced = () => {
    rich?.destroy();
    rich = undefined;
    void openRich(false);
  };
  offerLocalCopy(form, postId, opened, changed, reopenWith, textReplaced);
}

function offerLocalCopy(
  form: HTMLFormElement,
  postId: string,
  opened: Record<string, string>,
  changed: () => void,
  reopenWith: (fields: Record<string, string>) => Promise<boolean>,
  textReplaced: () => void,
): void {
  const offer = document.querySelector<HTMLElement>("[data-local-offer]");
  let kept: { at: number; fields: Record<string, string>; sent?: boolean } | undefined;
  try {
    kept = JSON.parse(localStorage.getItem(localKey(postId)) ?? "null") ?? undefined;
  } catch {
    kept = undefined;
  }
  // A save that reached the site: this page is its answer (the desk's notice says it was done).
  const saved = kept?.sent === true && document.querySelector('[data-notice="done"]') !== null;
  if (!kept?.fields || saved || same(kept.fields, opened)) {
    localStorage.removeItem(localKey(postId));
    return;
  }
  const use = offer?.querySelector<HTMLButtonElement>("[data-local-use]");
  const drop = offer?.querySelector<HTMLButtonElement>("[data-local-drop]");
  const words = offer?.querySelector<HTMLElement>("[data-local-offer-text]");
  if (!offer || !use || !drop || !words) return;
  const when = new Date(kept.at).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });
  words.textContent = `This phone kept changes to this post from ${when} that never reached the site.`;
  offer.hidden = false;
  const fields = kept.fields;
  use.addEventListener("click", async () => {
    use.disabled = true;
    if (await reopenWith(fields)) return;
    use.disabled = false;
    // No connection: the fields here; photos this page does not know show once it is saved and opened again.
    for (const [name, value] of Object.entries(fields)) {
      const field = form.elements.namedItem(name);
      if (field instanceof HTMLInputElement && field.type === "checkbox") field.checked = value === "on";
      // A cover among the photos this page does not know: a choice of its own, not lost.
      else if (field instanceof HTMLSelectElement && value && ![...field.options].some((option) => option.value === value)) field.add(new Option(value.replace(/^\.\//, ""), value, true, true));
      else if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement || field instanceof HTMLSelectElement) field.value = value;
    }
    if (fields[postFields.featured] === undefined) {
      const featured = form.elements.namedItem(postFields.featured);
      if (featured instanceof HTMLInputElement) featured.checked = false;
    }
    offer.hidden = true;
    textReplaced();
    changed();
  });
  drop.addEventListener("click", () => {
    localStorage.removeItem(localKey(postId));
    offer.hidden = true;
  });
}
