import { HONEYPOT_FIELD, SHOWN_AT_FIELD } from "../content/anti-spam-fields";
import { visuallyHidden } from "../styles/layout.css";

/**
 * The anti-spam fields of every visitor's form (the contact function's spam.ts reads them): a
 * honeypot people never see or reach and bots fill, and when the form was shown.
 */
export function AntiSpamInputs({ form, shownAt }: { form: "contact" | "review" | "booking"; shownAt: number | undefined }) {
  return (
    <>
      <div className={visuallyHidden} aria-hidden="true">
        <label htmlFor={`${form}-website`}>Leave this field empty</label>
        <input id={`${form}-website`} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <input type="hidden" name={SHOWN_AT_FIELD} value={shownAt ?? ""} />
    </>
  );
}
