import { createContext, useContext, type ReactNode } from "react";
import { csrfField, type DeskFrame } from "./desk-page";
import * as css from "./desk-ui.css";

// The desk's building blocks: every form posts its CSRF token, every field shows its
// problem beside it (aria-describedby), every button is a big target.

export const FrameContext = createContext<DeskFrame>({ siteName: "", csrf: "" });

export interface DeskFormProps {
  action: string;
  children: ReactNode;
  /** Asked before posting, where the desk script runs (src/desk/client/confirm.ts); without it the form posts at once. */
  confirm?: string;
  className?: string;
  id?: string;
  /** The desk script feature that takes this form over when it can (src/desk/client/desk.ts). */
  feature?: string;
  /** The server judges every field, in the build's words: no browser bubble first (it would hide under the save bar). */
  noValidate?: boolean;
}

/** A form that works without JavaScript: a plain POST carrying the page's CSRF token. */
export function DeskForm({ action, children, confirm, className, id, feature, noValidate }: DeskFormProps) {
  const { csrf } = useContext(FrameContext);
  return (
    <form method="post" action={action} className={className ?? css.form} id={id} data-confirm={confirm} data-desk={feature} noValidate={noValidate}>
      <input type="hidden" name={csrfField} value={csrf} />
      {children}
    </form>
  );
}

export interface FieldProps {
  name: string;
  label: string;
  value?: string;
  error?: string;
  hint?: string;
  type?: "text" | "email" | "tel" | "url" | "time" | "number";
  autoComplete?: string;
  inputMode?: "numeric" | "decimal" | "tel" | "email" | "url" | "text";
  required?: boolean;
  id?: string;
  multiline?: boolean;
  /** A multiline field's height in lines. */
  rows?: number;
  className?: string;
}

export function Field({ name, label, value = "", error, hint, type = "text", autoComplete, inputMode, required, id = `field-${name}`, multiline, rows = 3, className }: FieldProps) {
  const described = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  const common = { id, name, "aria-invalid": error ? true : undefined, "aria-describedby": described, required, autoComplete };
  return (
    <div className={css.field}>
      <label className={css.label} htmlFor={id}>
        {label}
      </label>
      {hint && (
        <p className={css.hint} id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {multiline ? (
        <textarea {...common} className={css.textarea} defaultValue={value} rows={rows} />
      ) : (
        <input {...common} className={className ?? css.control} type={type} defaultValue={value} inputMode={inputMode} />
      )}
      {error && (
        <p className={css.error} id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

export interface ButtonProps {
  children: ReactNode;
  tone?: keyof typeof css.button;
  /** The name when the text alone is not enough (it must begin with the text: "Remove this passkey: iPhone"). */
  label?: string;
  disabled?: boolean;
}

export function Button({ children, tone = "primary", label, disabled }: ButtonProps) {
  return (
    <button type="submit" className={css.button[tone]} aria-label={label} disabled={disabled}>
      {children}
    </button>
  );
}

export function Card({ title, children, id }: { title?: string; children: ReactNode; id?: string }) {
  const headingId = id && title ? `${id}-title` : undefined;
  return (
    <section className={css.card} id={id} aria-labelledby={headingId}>
      {title && (
        <h2 className={css.cardTitle} id={headingId}>
          {title}
        </h2>
      )}
      {children}
    </section>
  );
}
