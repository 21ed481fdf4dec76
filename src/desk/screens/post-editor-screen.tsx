import type { ReactNode } from "react";
import { SEARCH_SNIPPET_LENGTH, type FieldProblem, type FormField, type PostForm, type PostStatus } from "../../content/post-form";
import { deskPath } from "../desk-routes";
import { Button, Card, DeskForm } from "../desk-ui";
import * as ui from "../desk-ui.css";
import { fieldIdFor, postFields as f } from "../post-editor-form";
import { PreviewColumn } from "../preview-column";
import * as preview from "../preview-column.css";
import * as css from "./posts.css";

/** The post editor (the desk server's screens/posts.ts fills it; the desk script's post-editor feature adds the rest). */
export interface PostEditorData {
  form: PostForm;
  status: PostStatus | "new";
  /** Ever published: a new address keeps the old one working. */
  published: boolean;
  /** Autosaved work newer than the file, offered first. */
  unsaved?: { when: string };
  /** What the build would refuse, beside each field, in its words. */
  problems: FieldProblem[];
  /** Someone (another tab, a person on the server) saved the post after this form was opened. */
  conflict?: { yours: string; theirs: string | null };
  /** The blog's categories (content/site.json). */
  categories: string[];
  /** The business clock the date and time are on. */
  timeZone: string;
  /** A small file of each photo, by name. */
  thumbs: Record<string, string>;
}

/**
 * The toolbar's drawn signs: "1." as text would not be part of its button's name (WCAG 2.5.3),
 * and a phone without an emoji font shows boxes for 🔗 and 📷.
 */
function Sign({ children }: { children: ReactNode }) {
  return (
    <svg width={20} height={20} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" focusable="false">
      {children}
    </svg>
  );
}
const numbersSign = (
  <Sign>
    <path d="M10 6h11M10 12h11M10 18h11" />
    <path d="M4 4.5l1.5-1v5" />
    <path d="M3.5 14.5a1.5 1.5 0 0 1 3 0c0 1-3 2.5-3 3.5h3" />
  </Sign>
);
const linkSign = (
  <Sign>
    <path d="M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7" />
    <path d="M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7" />
  </Sign>
);
const photoSign = (
  <Sign>
    <path d="M23 19a2 2 0 0 1-2 2H3a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h4l2-3h6l2 3h4a2 2 0 0 1 2 2z" />
    <circle cx="12" cy="13" r="4" />
  </Sign>
);

/** Toolbar buttons: what each does (src/desk/client/post-editor.ts) and its name. */
export const toolbar = [
  ["bold", "Bold", "B"],
  ["italic", "Italic", "I"],
  ["heading", "Heading", "H"],
  ["subheading", "Subheading", "h"],
  ["bullets", "Bulleted list", "•"],
  ["numbers", "Numbered list", numbersSign],
  ["quote", "Quote", "“”"],
  ["link", "Link", linkSign],
  ["table", "Table", "▦"],
  ["photo", "Photo", photoSign],
] as const;

/** Each field's label, naming it in the list of problems above the form. */
const fieldName: Record<FormField, string> = {
  title: "Title",
  slug: "Address",
  category: "Category",
  summary: "Summary",
  searchDescription: "Text for search results",
  text: "Text",
  cover: "Cover photo",
  publishDate: "Publish date",
  photos: "Photos",
  post: "Post",
};

/** The photos the text shows, with the description each has there. */
function photosInText(form: PostForm): { name: string; alt: string }[] {
  return form.photos.map((p) => {
    const found = new RegExp(`!\\[([^\\]]*)\\]\\(\\./${p.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\)`).exec(form.text);
    return { name: p.name, alt: found?.[1] ?? "" };
  });
}

export function PostEditorScreen({ data }: { data: PostEditorData }) {
  const { form } = data;
  const problem = (field: FormField) => data.problems.filter((p) => p.field === field).map((p) => p.message).join(" ") || undefined;
  const invalid = (field: FormField) => (problem(field) ? true : undefined);
  const describedBy = (field: FormField, hint?: string) => [hint, problem(field) ? `${fieldIdFor[field]}-error` : ""].filter(Boolean).join(" ") || undefined;
  const errorText = (field: FormField) =>
    problem(field) && (
      <p className={ui.error} id={`${fieldIdFor[field]}-error`}>
        {problem(field)}
      </p>
    );
  const saved = data.status !== "new";
  const live = data.status === "published" || data.status === "scheduled";
  const photos = photosInText(form);
  const labels = { published: "Published", scheduled: "Scheduled", draft: "Draft", problem: "Has a mistake", new: "Not saved yet" };
  return (
    <div className={preview.layout}>
      <div className={css.editorColumn}>
        <p className={css.statusLine}>
          <span className={`${css.statusBadge} ${css.status[data.status === "new" ? "draft" : data.status]}`}>{labels[data.status]}</span>
          {data.status === "published" && (
            <a href={`/blog/${form.savedSlug}`} target="_blank" rel="noopener">
              See it on the site
            </a>
          )}
          <span className={css.autosave} data-autosave-status aria-live="polite"></span>
        </p>
        {data.unsaved && (
          <Card title="Changes not saved">
            <p>You made changes on {data.unsaved.when} that were never saved. Use them, or keep the post as it is saved?</p>
            <div className={ui.actions}>
              <a className={ui.button.primary} href={`${deskPath.postEdit}/${form.savedSlug}?unsaved=use`}>
                Use the unsaved changes
              </a>
              <DeskForm action={deskPath.postDiscard} className={css.inlineForm}>
                <input type="hidden" name="postId" value={form.postId} />
                <input type="hidden" name="slug" value={form.savedSlug} />
                <Button tone="quiet">Throw them away</Button>
              </DeskForm>
            </div>
          </Card>
        )}
        {data.conflict && <Conflict conflict={data.conflict} />}
        {data.problems.length > 0 && (
          <div className={css.problems} role="alert">
            <h2 className={css.problemsTitle}>Not saved: please fix {data.problems.length === 1 ? "this" : "these"}</h2>
            <ul>
              {data.problems.map((p) => (
                <li key={`${p.field}${p.message}`}>
                  <a href={`#${fieldIdFor[p.field]}`}>{p.field === "post" ? p.message : `${fieldName[p.field]}: ${p.message}`}</a>
                </li>
              ))}
            </ul>
          </div>
        )}
        <div className={css.localOffer} data-local-offer hidden>
          <p data-local-offer-text></p>
          <div className={ui.actions}>
            <button type="button" className={ui.button.primary} data-local-use>
              Use the changes kept on this phone
            </button>
            <button type="button" className={ui.button.quiet} data-local-drop>
              Throw them away
            </button>
          </div>
        </div>
        <DeskForm action={deskPath.postSave} id="post-editor" feature="post-editor" noValidate className={css.editorForm}>
          <input type="hidden" name={f.postId} value={form.postId} />
          <input type="hidden" name={f.baseSha} value={form.baseSha ?? ""} />
          <input type="hidden" name={f.savedSlug} value={form.savedSlug} />
          <input type="hidden" name={f.photos} value={JSON.stringify(form.photos)} data-photos />
          <input type="hidden" name={f.hasSearchDescription} value={form.searchDescription === null ? "" : "1"} />
          {/* The form's default button, first in it: Enter in a field (Title, Address) saves a draft.
              Without it the first button in the form, Schedule, took Enter and could put the post live. */}
          <button type="submit" name={f.action} value="draft" hidden tabIndex={-1}>
            Save draft
          </button>

          <div className={ui.field}>
            <label className={ui.label} htmlFor={fieldIdFor.title}>
              Title
            </label>
            <input className={`${ui.control} ${css.titleInput}`} id={fieldIdFor.title} name={f.title} defaultValue={form.title} aria-invalid={invalid("title")} aria-describedby={describedBy("title")} autoComplete="off" enterKeyHint="next" />
            {errorText("title")}
          </div>

          <div className={ui.field}>
            <div className={css.textHead}>
              <label className={ui.label} htmlFor={fieldIdFor.text} id="post-text-label">
                Text
              </label>
              <button type="button" className={css.textModeButton} aria-pressed="false" data-text-mode hidden>
                Edit as text
              </button>
            </div>
            <div className={css.toolbar} role="toolbar" aria-label="Formatting" aria-controls={fieldIdFor.text} data-toolbar hidden>
              {toolbar.map(([command, name, sign]) => (
                <button key={command} type="button" className={css.toolButton} data-command={command} aria-label={name} title={name}>
                  <span aria-hidden="true" className={command === "bold" ? css.signBold : command === "italic" ? css.signItalic : undefined}>
                    {sign}
                  </span>
                </button>
              ))}
            </div>
            <p className={css.textNote} data-text-note role="status" hidden></p>
            {/* The post as it will read (src/desk/client/rich-text.ts) goes here; without the desk script, the text below is the editor. */}
            <div className={css.richHost} data-rich-host hidden></div>
            <textarea
              className={`${ui.control} ${css.text}`}
              id={fieldIdFor.text}
              name={f.text}
              defaultValue={form.text}
              rows={14}
              aria-invalid={invalid("text")}
              aria-describedby={describedBy("text", "post-text-hint")}
              spellCheck
              data-text-field
            />
            <p className={ui.hint} id="post-text-hint">
              Use the buttons above for headings, lists, links, tables and photos: the preview shows the page as visitors will see it.
            </p>
            {errorText("text")}
          </div>

          <fieldset className={css.group} id={fieldIdFor.photos}>
            <legend className={css.legend}>Photos</legend>
            <div className={ui.field}>
              <label className={ui.label} htmlFor="post-add-photo">
                Add photo
              </label>
              <p className={ui.hint} id="post-add-photo-hint">
                From the camera or the photo library, several at once (iPhone photos too). Each goes into the text where you were writing; say what each one shows.
              </p>
              <input className={css.fileInput} id="post-add-photo" type="file" multiple accept="image/jpeg,image/png,image/webp,image/avif,image/heic,image/heif,.heic,.heif" aria-describedby="post-add-photo-hint" data-add-photo />
              <p className={ui.hint} data-nojs-photos>
                Adding photos needs JavaScript in this browser.
              </p>
            </div>
            <ul className={css.photoList} aria-label="Photos on their way" data-uploads hidden></ul>
            <template data-upload-template>
              <UploadItem />
            </template>
            <p className={ui.error} data-photos-waiting role="alert" hidden></p>
            <ul className={css.photoList} data-photo-list>
              {photos.map((p, i) => (
                <PhotoItem key={p.name} id={`post-photo-${i}`} name={p.name} alt={p.alt} thumb={data.thumbs[p.name]} />
              ))}
            </ul>
            <template data-photo-template>
              <PhotoItem id="" name="" alt="" thumb="" />
            </template>
          </fieldset>

          <div className={ui.field}>
            <label className={ui.label} htmlFor={fieldIdFor.summary}>
              Summary
            </label>
            <p className={ui.hint} id="post-summary-hint">
              One or two sentences on the post's card in the blog, and in Google's results, which show about {SEARCH_SNIPPET_LENGTH} characters.
            </p>
            <textarea className={ui.textarea} id={fieldIdFor.summary} name={f.summary} defaultValue={form.summary} rows={3} aria-invalid={invalid("summary")} aria-describedby={describedBy("summary", "post-summary-hint post-summary-count")} />
            <p className={ui.hint} id="post-summary-count" data-count-for={fieldIdFor.summary} data-count-limit={SEARCH_SNIPPET_LENGTH} aria-live="polite">
              {form.summary.length} of {SEARCH_SNIPPET_LENGTH} characters
            </p>
            {errorText("summary")}
          </div>

          {form.searchDescription !== null && (
            <div className={ui.field}>
              <label className={ui.label} htmlFor={fieldIdFor.searchDescription}>
                Text for search results
              </label>
              <p className={ui.hint} id="post-search-hint">
                Search engines show this instead of the summary. Empty it to let them show the summary.
              </p>
              <textarea className={ui.textarea} id={fieldIdFor.searchDescription} name={f.searchDescription} defaultValue={form.searchDescription} rows={3} aria-describedby={describedBy("searchDescription", "post-search-hint")} />
              {errorText("searchDescription")}
            </div>
          )}

          <div className={ui.field}>
            <label className={ui.label} htmlFor={fieldIdFor.category}>
              Category
            </label>
            <select className={ui.control} id={fieldIdFor.category} name={f.category} defaultValue={form.category} aria-invalid={invalid("category")} aria-describedby={describedBy("category")}>
              <option value="">None</option>
              {[...new Set([...data.categories, ...(form.category && !data.categories.includes(form.category) ? [form.category] : [])])].map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
            {errorText("category")}
          </div>

          <fieldset className={css.group} id={fieldIdFor.cover}>
            <legend className={css.legend}>Cover photo</legend>
            <p className={ui.hint}>Shown above the post, on its card in the blog and when the post is shared.</p>
            <div className={ui.field}>
              <label className={ui.label} htmlFor="post-cover-name">
                Cover
              </label>
              <select className={ui.control} id="post-cover-name" name={f.coverName} defaultValue={form.cover?.name ?? ""} data-cover-select>
                <option value="">No cover photo</option>
                {[...new Set([...form.photos.map((p) => `./${p.name}`), ...(form.cover ? [form.cover.name] : [])])].map((name) => (
                  <option key={name} value={name}>
                    {name.replace(/^\.\//, "")}
                  </option>
                ))}
              </select>
            </div>
            <div className={ui.field}>
              <label className={ui.label} htmlFor="post-cover-alt">
                Cover description
              </label>
              <input className={ui.control} id="post-cover-alt" name={f.coverAlt} defaultValue={form.cover?.alt ?? ""} aria-invalid={invalid("cover")} aria-describedby={describedBy("cover")} />
            </div>
            {errorText("cover")}
          </fieldset>

          <label className={ui.check} htmlFor="post-featured">
            <input className={ui.checkBox} type="checkbox" id="post-featured" name={f.featured} defaultChecked={form.featured} />
            Featured: shown first on the blog
          </label>

          <fieldset className={css.group}>
            <legend className={css.legend}>Address and date</legend>
            <div className={ui.field}>
              <label className={ui.label} htmlFor={fieldIdFor.slug}>
                Address
              </label>
              <p className={ui.hint} id="post-slug-hint">
                {data.published
                  ? "The post's address on the site, after /blog/. If you change it, the old address keeps working and leads here."
                  : "The post's address on the site, after /blog/: made from the title until you change it."}
              </p>
              <div className={css.slugRow}>
                <span className={css.slugPrefix} aria-hidden="true">
                  /blog/
                </span>
                <input className={ui.control} id={fieldIdFor.slug} name={f.slug} defaultValue={saved ? form.slug : ""} autoCapitalize="none" autoComplete="off" spellCheck={false} data-slug-auto={saved ? undefined : ""} aria-invalid={invalid("slug")} aria-describedby={describedBy("slug", "post-slug-hint")} />
              </div>
              {errorText("slug")}
            </div>
            <div className={css.pair}>
              <div className={ui.field}>
                <label className={ui.label} htmlFor={fieldIdFor.publishDate}>
                  Publish date
                </label>
                <input className={ui.control} type="date" id={fieldIdFor.publishDate} name={f.publishDate} defaultValue={form.publishDate.date} aria-invalid={invalid("publishDate")} aria-describedby={describedBy("publishDate", "post-date-hint")} />
              </div>
              <div className={ui.field}>
                <label className={ui.label} htmlFor="post-time">
                  Time
                </label>
                <input className={ui.control} type="time" id="post-time" name={f.publishTime} defaultValue={form.publishDate.time} aria-describedby="post-date-hint" />
              </div>
            </div>
            <p className={ui.hint} id="post-date-hint">
              On the business's clock ({data.timeZone.replace(/_/g, " ")}). To publish later, pick the day and the time, then press Schedule.
            </p>
            {errorText("publishDate")}
            <button type="submit" name={f.action} value="schedule" className={`${ui.button.quiet} ${css.scheduleButton}`}>
              Schedule
            </button>
          </fieldset>

          <div className={css.actionBar}>
            <button type="submit" name={f.action} value="preview" className={`${ui.button.quiet} ${preview.previewButton}`} data-preview-button>
              Preview
            </button>
            <button type="submit" name={f.action} value="draft" className={ui.button.quiet}>
              Save draft
            </button>
            <button type="submit" name={f.action} value="publish" className={ui.button.primary}>
              Publish
            </button>
          </div>
          {live && (
            <div className={css.formEnd}>
              <button type="submit" name={f.action} value="unpublish" className={ui.button.quiet}>
                Take off the site
              </button>
            </div>
          )}
        </DeskForm>
        {saved && (
          <div className={css.afterForm}>
            <form method="get" action={`${deskPath.postHistory}/${form.savedSlug}`}>
              <Button tone="quiet">History</Button>
            </form>
            <DeskForm action={deskPath.postDelete} className={css.inlineForm} confirm="Delete this post? It leaves the site; you can bring it back from the list of posts.">
              <input type="hidden" name="slug" value={form.savedSlug} />
              <input type="hidden" name="baseSha" value={form.baseSha ?? ""} />
              <Button tone="danger">Delete</Button>
            </DeskForm>
          </div>
        )}
      </div>
      <PreviewColumn title="The post as it will look on the site" />
    </div>
  );
}

/**
 * A photo on its way up (src/desk/client/photo-upload.ts fills a copy per photo): its own
 * progress and description; a refused one says why and asks nothing more.
 */
function UploadItem() {
  return (
    <li className={css.uploadItem} data-upload-item>
      <span className={css.thumb} data-upload-thumb></span>
      <div className={ui.field}>
        <span className={css.uploadName} data-upload-name></span>
        <progress className={css.progress} max={1} value={0} data-upload-progress></progress>
        <p className={ui.hint} data-upload-status aria-live="polite"></p>
        <p className={ui.error} data-upload-error hidden></p>
        <div className={ui.field} data-upload-describe>
          <label className={ui.label} data-upload-alt-label>
            Photo description
          </label>
          <p className={ui.hint} data-upload-alt-hint>
            What the photo shows, for people who cannot see it (like "The crew lowering an oak limb over a roof").
          </p>
          <input className={ui.control} enterKeyHint="done" data-upload-alt />
        </div>
        <div className={ui.actions}>
          <button type="button" className={ui.button.quiet} data-upload-remove>
            Remove
          </button>
        </div>
      </div>
    </li>
  );
}

/** A photo of the post with its description (the words in the text); the desk script makes more from the template. */
function PhotoItem({ id, name, alt, thumb }: { id: string; name: string; alt: string; thumb: string | undefined }) {
  return (
    <li className={css.photoItem} data-photo={name}>
      {thumb !== undefined ? <img className={css.thumb} src={thumb} alt="" width={96} height={72} /> : <span className={css.thumb} />}
      <div className={ui.field}>
        <label className={ui.label} htmlFor={id}>
          Photo description
        </label>
        <input className={ui.control} id={id} defaultValue={alt} data-photo-alt={name} aria-describedby={`${id}-name`} />
        <span className={ui.hint} id={`${id}-name`}>
          {name}
        </span>
      </div>
    </li>
  );
}

function Conflict({ conflict }: { conflict: NonNullable<PostEditorData["conflict"]> }) {
  return (
    <div className={css.problems} role="alert">
      <h2 className={css.problemsTitle}>Not saved: the post was changed meanwhile</h2>
      <p>
        {conflict.theirs === null
          ? "The post was deleted or given another address after you opened it. Your version is below: copy what you need, then open the post list."
          : "Someone saved this post after you opened it (another tab, or a change made on the server), so yours was not saved over it. Both are below. Your text is still in the form: press Save draft or Publish again to save yours over theirs, or open the post again to start from theirs."}
      </p>
      <div className={css.compare}>
        <div>
          <h3 className={css.compareTitle} id="conflict-theirs">
            Saved now
          </h3>
          {/* Focusable: a long version scrolls, and a keyboard must reach it (WCAG 2.1.1). */}
          <pre className={css.compareText} tabIndex={0} aria-labelledby="conflict-theirs">
            {conflict.theirs ?? "(no post)"}
          </pre>
        </div>
        <div>
          <h3 className={css.compareTitle} id="conflict-yours">
            Yours
          </h3>
          <pre className={css.compareText} tabIndex={0} aria-labelledby="conflict-yours">
            {conflict.yours}
          </pre>
        </div>
      </div>
    </div>
  );
}
