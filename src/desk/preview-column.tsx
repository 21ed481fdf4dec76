import * as ui from "./desk-ui.css";
import * as css from "./preview-column.css";

// The preview of a page as it will be published, beside its editor (a post's, a service's, a
// town's, the home page's): a sandboxed frame that runs no script, at a phone's or a desktop's
// width. The desk script fills it (src/desk/client/preview-column.ts); without it, the editor's
// Preview button posts the form and the page comes back as a page of its own.

export function PreviewColumn({ title }: { title: string }) {
  return (
    <section className={css.previewColumn} aria-labelledby="preview-title" data-preview hidden>
      <div className={css.previewBar}>
        <h2 className={css.previewTitle} id="preview-title">
          Preview
        </h2>
        <div className={css.widths} role="group" aria-label="Preview width">
          <button type="button" className={css.widthButton} data-width="phone" aria-pressed="true">
            Phone
          </button>
          <button type="button" className={css.widthButton} data-width="desktop" aria-pressed="false">
            Desktop
          </button>
        </div>
        <button type="button" className={`${ui.button.quiet} ${css.backToEdit}`} data-preview-close>
          Back to editing
        </button>
      </div>
      <p className={css.previewNote} data-preview-problems aria-live="polite"></p>
      <div className={css.frameBox} data-frame-box>
        <iframe className={css.frame} title={title} sandbox="allow-same-origin" data-preview-frame></iframe>
      </div>
    </section>
  );
}
