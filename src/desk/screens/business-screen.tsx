import {
  businessLabels,
  dayNames,
  fieldId,
  hoursLabels,
  placeholderFields,
  placeholderFile,
  placeholderLabel,
  rowField,
  socialLabels,
  type BusinessForm,
  type BusinessTextField,
  type HoursRow,
  type SocialRow,
} from "../business-form";
import { DEFAULT_REPLY_START } from "../../format/reply-start";
import { sectionPath } from "../desk-routes";
import { Button, Card, DeskForm, Field } from "../desk-ui";
import * as ui from "../desk-ui.css";
import * as css from "./business-screen.css";

/** The Business details screen (the desk server's screens/business.ts fills it). */
export interface BusinessData {
  form: BusinessForm;
  /** The files' hash when the form was filled: a save from an older form is refused. */
  version: string;
  /** By field name (business-form.ts rowField), in the build's words. */
  errors: Record<string, string>;
  /** Problems the schema found outside the form's fields, as the build prints them. */
  otherProblems: string[];
  /** content/site.json "placeholders" still listed, and those ticked in the form being shown again. */
  placeholders: string[];
  ticked: string[];
  /** Another save came first: each fact that differs, as saved now and as typed here. */
  conflict?: { label: string; saved: string; yours: string }[];
  /** False where this server does not build the site (the contact function alone): the form is shown, not sent. */
  publishes: boolean;
  /** The last save's publishing, as the build reported it. */
  published?: { state: "live" | "failed" | "pending"; problems: string[] };
}

export function BusinessScreen({ data }: { data: BusinessData }) {
  const hours: HoursRow[] = [...data.form.hours, { label: "", days: [], opens: "", closes: "", note: "" }];
  const social: SocialRow[] = [...data.form.social, { name: "", url: "" }];
  const problems = Object.entries(data.errors);
  /** The "Before launch" entry a field fixes, while it is listed: the field says so, with a tick for "it is right already". */
  const madeUp = (field: BusinessTextField | "social") => data.placeholders.find((entry) => placeholderFields[entry] === field);
  const real = (field: BusinessTextField | "social") => {
    const entry = madeUp(field);
    return entry && <RealCheck entry={entry} ticked={data.ticked.includes(entry)} />;
  };
  const text = (name: BusinessTextField, extra: Partial<Parameters<typeof Field>[0]> = {}) => (
    <>
      <Field
        name={name}
        id={fieldId(name)}
        label={businessLabels[name]}
        value={data.form[name]}
        error={data.errors[name]}
        {...extra}
        hint={madeUp(name) ? `Made up: replace it before launch. ${extra.hint ?? ""}` : extra.hint}
      />
      {name !== "streetAddress" && name !== "ratingValue" && real(name)}
    </>
  );
  return (
    <>
      {data.conflict && <Conflict rows={data.conflict} />}
      {(problems.length > 0 || data.otherProblems.length > 0) && (
        <div className={css.problems} role="alert">
          <h2 className={css.problemsTitle}>Not saved: please fix {problems.length + data.otherProblems.length === 1 ? "this" : "these"}</h2>
          <ul>
            {problems.map(([field, message]) => (
              <li key={field}>
                <a href={`#${fieldId(field)}`}>{message}</a>
              </li>
            ))}
            {data.otherProblems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      )}
      {data.published?.state === "failed" && (
        <div className={css.problems} role="alert">
          <h2 className={css.problemsTitle}>Saved, but not on the site yet</h2>
          <p>The site could not be rebuilt, so it still shows the old details. The build says:</p>
          <ul>
            {data.published.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      )}
      {!data.publishes && (
        <Card>
          <p>
            Here the site is built somewhere else (a static host), so details changed on this server would not reach it. Change them in{" "}
            <code>content/site.json</code> where the site is built, or run the site with <code>npm start</code> to change them here.
          </p>
        </Card>
      )}
      <DeskForm action={sectionPath("business")} className={ui.stack} noValidate feature="unsaved">
        <input type="hidden" name="version" value={data.version} />
        <fieldset disabled={!data.publishes} className={css.whole}>
          {data.placeholders.length > 0 && <BeforeLaunch data={data} />}
          <fieldset className={css.fieldset}>
            <legend className={css.legend}>How to reach you</legend>
            {text("phone", { type: "tel", autoComplete: "off", hint: 'As people should read it, like "(803) 555-0142": call buttons dial it.' })}
            {text("email", { type: "email", autoComplete: "off" })}
            {text("emergencyLine", { hint: 'Shown with the phone number, like "24/7 emergency service".' })}
            {text("emergencyResponse", { hint: "How soon a crew arrives in an emergency. Leave empty to say nothing." })}
          </fieldset>
          <fieldset className={css.fieldset}>
            <legend className={css.legend}>Quick replies</legend>
            {text("replyStart", {
              multiline: true,
              hint: `How Text and Email back on a message start. Words in square brackets are filled in from the message: [first name], [business], [service], [town]; one the message does not tell is left out. Empty: "${DEFAULT_REPLY_START}"`,
            })}
          </fieldset>
          <fieldset className={css.fieldset}>
            <legend className={css.legend}>Hours</legend>
            {hours.map((row, index) => (
              <HoursFields key={index} row={row} index={index} isNew={index === data.form.hours.length} errors={data.errors} />
            ))}
          </fieldset>
          <fieldset className={css.fieldset}>
            <legend className={css.legend}>Address</legend>
            {text("streetAddress", { autoComplete: "off" })}
            {text("locality")}
            <div className={css.pair}>
              {text("region")}
              {text("postalCode", { inputMode: "numeric" })}
            </div>
            {real("streetAddress")}
          </fieldset>
          <fieldset className={css.fieldset}>
            <legend className={css.legend}>Social links</legend>
            {madeUp("social") && <p className={ui.hint}>Made up: these are the sites' front pages. Put your own pages here before launch.</p>}
            {social.map((row, index) => (
              <SocialFields key={index} row={row} index={index} isNew={index === data.form.social.length} errors={data.errors} />
            ))}
            {real("social")}
          </fieldset>
          <fieldset className={css.fieldset}>
            <legend className={css.legend}>Service area</legend>
            {text("serviceAreaNote", { multiline: true, hint: "The line above the map of the towns you serve, on the home page." })}
          </fieldset>
          <fieldset className={css.fieldset}>
            <legend className={css.legend}>The business</legend>
            {text("name")}
            {text("shortName", { hint: 'Used in headings, like "Why Irmo Chooses Cedar Ridge".' })}
            {text("url", { type: "url", hint: "The site's own address, starting with https://" })}
            {text("foundingYear", { inputMode: "numeric" })}
            <div className={css.pair}>
              {text("ratingValue", { inputMode: "decimal", hint: "0 to 5" })}
              {text("ratingCount", { inputMode: "numeric" })}
            </div>
            {real("ratingValue")}
          </fieldset>
          <div className={css.saveBar}>
            <Button>Save</Button>
          </div>
        </fieldset>
      </DeskForm>
    </>
  );
}

/** The tick beside a made-up fact that is right already: saving takes it off the "Before launch" list. */
function RealCheck({ entry, ticked, label = "This is the real one" }: { entry: string; ticked: boolean; label?: string }) {
  const id = `real-${entry.replace(/[^a-z0-9]+/gi, "-")}`;
  return (
    <label className={css.check} htmlFor={id}>
      <input className={css.checkBox} type="checkbox" id={id} name="real" value={entry} defaultChecked={ticked} />
      {label}
    </label>
  );
}

function BeforeLaunch({ data }: { data: BusinessData }) {
  const inForm = data.placeholders.filter((entry) => placeholderFields[entry]);
  const elsewhere = data.placeholders.filter((entry) => !placeholderFields[entry]);
  return (
    <section className={css.fieldset} id="before-launch" aria-labelledby="before-launch-title">
      <h2 className={css.legend} id="before-launch-title">
        Before launch
      </h2>
      <p>
        {data.placeholders.length === 1 ? "One fact was" : `${data.placeholders.length} facts were`} made up so the site could be built. Type the real one
        in its field below, or tick "This is the real one" if it is right already, then Save.
      </p>
      {inForm.length > 0 && (
        <ul className={css.inlineList}>
          {inForm.map((entry) => {
            const field = placeholderFields[entry];
            return (
              <li key={entry}>
                <a href={`#${field === "social" ? fieldId(rowField("social", 0, "name")) : fieldId(field ?? entry)}`}>{placeholderLabel(entry)}</a>
              </li>
            );
          })}
        </ul>
      )}
      {elsewhere.length > 0 && (
        <ul className={css.checklist}>
          {elsewhere.map((entry) => (
            <li key={entry} className={css.checklistItem}>
              <span>
                {entry.split(":")[1]?.trim() ?? entry} in <code>content/{placeholderFile(entry)}</code>: change it there (on the server).
              </span>
              <RealCheck entry={entry} ticked={data.ticked.includes(entry)} label="Done" />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function HoursFields({ row, index, isNew, errors }: { row: HoursRow; index: number; isNew: boolean; errors: Record<string, string> }) {
  const name = (part: keyof HoursRow | "remove") => rowField("hours", index, part);
  const field = (part: "label" | "opens" | "closes" | "note", extra: Partial<Parameters<typeof Field>[0]> = {}) => (
    <Field name={name(part)} id={fieldId(name(part))} label={hoursLabels[part]} value={row[part]} error={errors[name(part)]} {...extra} />
  );
  return (
    <fieldset className={css.row}>
      <legend className={css.rowLegend}>{isNew ? "Add hours" : row.label || `Hours ${index + 1}`}</legend>
      {field("label", { hint: isNew ? 'Fill in to add a line, like "Sunday".' : undefined })}
      <fieldset className={css.days} id={fieldId(name("days"))}>
        <legend className={css.daysLegend}>{hoursLabels.days}</legend>
        {dayNames.map((day) => {
          const id = `${fieldId(name("days"))}-${day}`;
          return (
            <label key={day} className={css.check} htmlFor={id}>
              <input className={css.checkBox} type="checkbox" id={id} name={name("days")} value={day} defaultChecked={row.days.includes(day)} />
              {day}
            </label>
          );
        })}
        {errors[name("days")] && <p className={ui.error}>{errors[name("days")]}</p>}
      </fieldset>
      <div className={css.pair}>
        {field("opens", { type: "time" })}
        {field("closes", { type: "time" })}
      </div>
      {field("note", { hint: 'Instead of times, like "Emergency only".' })}
      {!isNew && (
        <label className={css.check} htmlFor={fieldId(name("remove"))}>
          <input className={css.checkBox} type="checkbox" id={fieldId(name("remove"))} name={name("remove")} value="yes" />
          Remove these hours
        </label>
      )}
    </fieldset>
  );
}

function SocialFields({ row, index, isNew, errors }: { row: SocialRow; index: number; isNew: boolean; errors: Record<string, string> }) {
  const name = (part: keyof SocialRow | "remove") => rowField("social", index, part);
  return (
    <fieldset className={css.row}>
      <legend className={css.rowLegend}>{isNew ? "Add a link" : row.name || `Link ${index + 1}`}</legend>
      <Field name={name("name")} id={fieldId(name("name"))} label={socialLabels.name} value={row.name} error={errors[name("name")]} hint={isNew ? 'Like "Facebook".' : undefined} />
      <Field name={name("url")} id={fieldId(name("url"))} label={socialLabels.url} type="url" value={row.url} error={errors[name("url")]} />
      {!isNew && (
        <label className={css.check} htmlFor={fieldId(name("remove"))}>
          <input className={css.checkBox} type="checkbox" id={fieldId(name("remove"))} name={name("remove")} value="yes" />
          Remove this link
        </label>
      )}
    </fieldset>
  );
}

function Conflict({ rows }: { rows: { label: string; saved: string; yours: string }[] }) {
  return (
    <div className={css.problems} role="alert">
      <h2 className={css.problemsTitle}>Not saved: changed since you opened it</h2>
      <p>
        Someone (or another tab) saved the business details after you opened this page. Nothing was saved from here. The form below shows what you typed; press
        Save to keep yours, or <a href={sectionPath("business")}>start again from what is saved now</a>.
      </p>
      {rows.length > 0 && (
        <table className={css.compare}>
          <caption className={ui.muted}>What differs</caption>
          <thead>
            <tr>
              <th scope="col" className={css.compareCell}>
                Fact
              </th>
              <th scope="col" className={css.compareCell}>
                Saved now
              </th>
              <th scope="col" className={css.compareCell}>
                Yours
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.label}>
                <th scope="row" className={css.compareCell}>
                  {row.label}
                </th>
                <td className={css.compareCell}>{row.saved || "(empty)"}</td>
                <td className={css.compareCell}>{row.yours || "(empty)"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
