import { deskPath, sectionPath } from "../desk-routes";
import { Button, DeskForm, Field } from "../desk-ui";
import * as ui from "../desk-ui.css";
import { jobFieldId, jobLabels, WHAT_WE_DID_MAX, type JobField, type JobForm } from "../job-form";
import * as problemsCss from "./business-screen.css";
import * as css from "./our-work.css";

/** A job's form: new, or one of the list (the desk server's screens/our-work.ts fills it). */
export interface JobEditorData {
  form: JobForm;
  towns: { slug: string; name: string }[];
  services: { slug: string; title: string }[];
  /** The photos as the desk serves them small: the job's own, or the ones just sent. */
  thumbs: { before?: string; after?: string };
  /** By field, in plain words (the build's, where the build found it). */
  errors: Partial<Record<JobField, string>>;
  /** Another save came first: each field that differs, as saved now and as typed here. */
  conflict?: { label: string; saved: string; yours: string }[];
}

/** The problems in the order of the form's fields. */
const fieldOrder: readonly JobField[] = ["before", "beforeAlt", "after", "afterAlt", "what", "town", "service", "date"];

export function JobEditorScreen({ data }: { data: JobEditorData }) {
  const { form, errors } = data;
  const problems = fieldOrder.flatMap((field) => (errors[field] ? [[field, errors[field]] as const] : []));
  const isNew = form.slug === "";
  return (
    <>
      {data.conflict && <Conflict rows={data.conflict} />}
      {problems.length > 0 && (
        <div className={problemsCss.problems} role="alert">
          <h2 className={problemsCss.problemsTitle}>Not saved: please fix {problems.length === 1 ? "this" : "these"}</h2>
          <ul>
            {problems.map(([field, message]) => (
              <li key={field}>
                <a href={`#${jobFieldId(field)}`}>{message}</a>
              </li>
            ))}
          </ul>
        </div>
      )}
      <DeskForm action={deskPath.jobSave} className={ui.stack} noValidate feature="job-photos">
        <input type="hidden" name="slug" value={form.slug} />
        <input type="hidden" name="version" value={form.version} />
        <PhotoField role="before" form={form} thumb={data.thumbs.before} error={errors.before} altError={errors.beforeAlt} isNew={isNew} />
        <PhotoField role="after" form={form} thumb={data.thumbs.after} error={errors.after} altError={errors.afterAlt} isNew={isNew} />
        <Field
          name="what"
          id={jobFieldId("what")}
          label={jobLabels.what}
          value={form.what}
          error={errors.what}
          multiline
          // A few sentences, up to 1500 characters: seen whole on a phone without scrolling inside the box.
          rows={6}
          hint={`A sentence or two under the photos, like "Took down a dead pine leaning over the garage and ground the stump." At most ${WHAT_WE_DID_MAX} characters.`}
        />
        <Choice field="town" label={jobLabels.town} value={form.town} error={errors.town} options={data.towns.map((t) => [t.slug, t.name])} placeholder="Choose the town" />
        <Choice field="service" label={jobLabels.service} value={form.service} error={errors.service} options={data.services.map((s) => [s.slug, s.title])} placeholder="Choose the service" />
        <div className={ui.field}>
          <label className={ui.label} htmlFor={jobFieldId("date")}>
            {jobLabels.date}
          </label>
          <input className={ui.control} id={jobFieldId("date")} name="date" type="date" defaultValue={form.date} aria-invalid={errors.date ? true : undefined} aria-describedby={errors.date ? `${jobFieldId("date")}-error` : undefined} />
          {errors.date && (
            <p className={ui.error} id={`${jobFieldId("date")}-error`}>
              {errors.date}
            </p>
          )}
        </div>
        <div className={ui.actions}>
          <Button>Save</Button>
          <a href={sectionPath("work")}>Back to the jobs</a>
        </div>
      </DeskForm>
      {!isNew && (
        <DeskForm action={deskPath.jobRemove} className={css.removeForm} confirm="Remove this job from the site? Its photos stay in Photos until you remove them there.">
          <input type="hidden" name="slug" value={form.slug} />
          <input type="hidden" name="version" value={form.version} />
          <p className={ui.hint}>Takes the job off the site. Its photos stay in Photos, where you can remove them.</p>
          <Button tone="danger">Remove</Button>
        </DeskForm>
      )}
    </>
  );
}

function PhotoField({ role, form, thumb, error, altError, isNew }: { role: "before" | "after"; form: JobForm; thumb?: string; error?: string; altError?: string; isNew: boolean }) {
  const id = jobFieldId(role);
  const altField = role === "before" ? "beforeAlt" : "afterAlt";
  return (
    <div className={css.photoBox} data-job-photo={role} data-preview-class={css.preview}>
      <div className={ui.field}>
        <label className={ui.label} htmlFor={id}>
          {jobLabels[role]}
        </label>
        <p className={ui.hint} id={`${id}-hint`}>
          {isNew ? "From the camera or the photo library (JPEG, PNG, WebP or AVIF)." : "Choose another photo to replace this one."}
        </p>
        {/* The chosen photo, small: the one the job has, or the one just sent (the desk script puts it here). */}
        {thumb ? <img className={css.preview} src={thumb} alt={`The ${role} photo`} width={320} height={240} /> : null}
        <input
          className={css.fileInput}
          id={id}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif"
          aria-describedby={`${id}-hint ${id}-status ${id}-error`}
          aria-invalid={error ? true : undefined}
        />
        <input type="hidden" name={role} value={form[role]} />
        <p className={ui.hint} id={`${id}-status`} data-photo-status aria-live="polite"></p>
        <p className={ui.error} id={`${id}-error`} data-photo-error role="alert">
          {error ?? ""}
        </p>
        <p className={ui.hint} data-nojs-photos>
          Adding photos needs JavaScript in this browser.
        </p>
      </div>
      <Field
        name={altField}
        id={jobFieldId(altField)}
        label={jobLabels[altField]}
        value={form[altField]}
        error={altError}
        hint={`For people who cannot see it. Leave it empty and the site says "${role === "before" ? "Before" : "After"} the job" with the service and the town.`}
      />
    </div>
  );
}

function Choice({ field, label, value, error, options, placeholder }: { field: JobField; label: string; value: string; error?: string; options: [string, string][]; placeholder: string }) {
  const id = jobFieldId(field);
  return (
    <div className={ui.field}>
      <label className={ui.label} htmlFor={id}>
        {label}
      </label>
      <select className={`${ui.control} ${css.select}`} id={id} name={field} defaultValue={value} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}>
        <option value="">{placeholder}</option>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
      {error && (
        <p className={ui.error} id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

function Conflict({ rows }: { rows: { label: string; saved: string; yours: string }[] }) {
  return (
    <div className={problemsCss.problems} role="alert">
      <h2 className={problemsCss.problemsTitle}>Not saved: the job changed since you opened it</h2>
      <p>
        It was saved somewhere else after you opened this page, so nothing was saved from here. The form shows what you typed; press Save to keep yours, or{" "}
        <a href={sectionPath("work")}>go back to the jobs</a> to start from what is saved now.
      </p>
      {rows.length > 0 && (
        <table className={problemsCss.compare}>
          <caption className={ui.muted}>What differs</caption>
          <thead>
            <tr>
              <th scope="col" className={problemsCss.compareCell}>Field</th>
              <th scope="col" className={problemsCss.compareCell}>Saved now</th>
              <th scope="col" className={problemsCss.compareCell}>Yours</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.label}>
                <th scope="row" className={problemsCss.compareCell}>{row.label}</th>
                <td className={problemsCss.compareCell}>{row.saved || "(empty)"}</td>
                <td className={problemsCss.compareCell}>{row.yours || "(empty)"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
