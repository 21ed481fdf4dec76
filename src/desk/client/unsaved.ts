/**
 * A form with changes not saved yet (data-desk="unsaved"): marked data-changed, which keeps its
 * Save button in reach (src/desk/screens/business-screen.css.ts), and leaving the page asks first.
 */
export function start(form: HTMLElement): void {
  let submitting = false;
  const changed = () => {
    form.dataset.changed = "";
  };
  form.addEventListener("input", changed);
  form.addEventListener("change", changed);
  form.addEventListener("submit", () => {
    submitting = true;
  });
  window.addEventListener("beforeunload", (event) => {
    if (form.dataset.changed === undefined || submitting) return;
    event.preventDefault();
  });
}
