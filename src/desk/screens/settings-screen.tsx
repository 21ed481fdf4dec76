import { weekdayNames } from "../../content/estimate-visits";
import { estimateVisitHoursPath } from "../desk-routes";
import { Button, DeskForm, Field } from "../desk-ui";
import * as ui from "../desk-ui.css";
import { hoursField, offerFieldId, offerHints, offerLabels, type OfferForm, type OfferHoursRow, type OfferNumberField } from "../offer-form";
import * as css from "./settings-screen.css";

/** The "Settings" section: one part per setting, each its own form (shared/CONTRACT.md: the part "Estimate visits" and its button "Save"). */
export interface SettingsData {
  estimateVisits: EstimateVisitHours;
}

/** The hours offered for estimate visits, as the form shows them. */
export interface EstimateVisitHours {
  form: OfferForm;
  /** The file's hash when the form was filled: a save from an older form is refused. */
  version: string;
  /** By field name (offer-form.ts), in the build's words. */
  errors: Record<string, string>;
  /** Every town of the site, in its order: the towns visited are ticked among them. */
  towns: { slug: string; name: string }[];
  /** Whether content/estimate-visits.json is there: without it nothing is booked online until Save makes it. */
  offered: boolean;
  /** Today on the business clock (the day off field starts there). */
  today: string;
  /** Another save came first: the form shows what was typed, and says so. */
  conflict?: boolean;
}

export function SettingsScreen({ data }: { data: SettingsData }) {
  return <OfferSettings data={data.estimateVisits} />;
}

const numberFields: readonly OfferNumberField[] = ["visitMinutes", "visitsAtOnce", "daysAhead", "noticeHours"];

/** The hours offered: saved into content/estimate-visits.json, live for visitors at once. */
function OfferSettings({ data }: { data: EstimateVisitHours }) {
  const { form, errors } = data;
  const rows: OfferHoursRow[] = [...form.hours, { days: [], from: "", to: "" }];
  const problems = Object.entries(errors);
  return (
    <section className={css.settings} id="estimate-visits" aria-labelledby="estimate-visits-title">
      <h2 className={css.settingsTitle} id="estimate-visits-title">
        Estimate visits
      </h2>
      <p className={ui.hint}>The times visitors can book a free estimate visit on the site. They are live the moment you press Save.</p>
      {data.conflict && (
        <div className={css.problems} role="alert">
          <p>Not saved: the hours were changed (in another tab, or on the server) after you opened this page. The form shows what you typed: press Save to keep it.</p>
        </div>
      )}
      {problems.length > 0 && (
        <div className={css.problems} role="alert">
          <h3 className={css.problemsTitle}>Not saved: please fix {problems.length === 1 ? "this" : "these"}</h3>
          <ul>
            {problems.map(([field, message]) => (
              <li key={field}>
                <a href={`#${offerFieldId(field)}`}>{message}</a>
              </li>
            ))}
          </ul>
        </div>
      )}
      {!data.offered && <p>Nobody can book a visit online yet. Check the hours below and press Save to start.</p>}
      <DeskForm action={estimateVisitHoursPath} className={ui.stack} noValidate feature="unsaved">
        <input type="hidden" name="version" value={data.version} />
        <fieldset className={css.fieldset}>
          <legend className={css.legend}>Weekly hours</legend>
          <p className={ui.hint}>On the days ticked, a visit starts every {form.visitMinutes || "60"} minutes from the first time, while a whole visit fits before the second.</p>
          {rows.map((row, index) => (
            <HoursFields key={index} row={row} index={index} isNew={index === form.hours.length} errors={errors} />
          ))}
        </fieldset>
        <fieldset className={css.fieldset}>
          <legend className={css.legend}>Visits</legend>
          <div className={css.numbers}>
            {numberFields.map((name) => (
              <Field key={name} name={name} id={offerFieldId(name)} label={offerLabels[name]} hint={offerHints[name]} value={form[name]} error={errors[name]} type="number" inputMode="numeric" />
            ))}
          </div>
        </fieldset>
        <fieldset className={css.fieldset}>
          <legend className={css.legend}>Days off</legend>
          {form.daysOff.length === 0 ? (
            <p className={ui.muted}>None ahead.</p>
          ) : (
            <ul className={css.daysOff}>
              {form.daysOff.map((day) => (
                <li key={day}>
                  <input type="hidden" name="daysOff" value={day} />
                  <label className={ui.check} htmlFor={`day-off-${day}`}>
                    <input className={ui.checkBox} type="checkbox" id={`day-off-${day}`} name="removeDayOff" value={day} />
                    Remove {day}
                  </label>
                </li>
              ))}
            </ul>
          )}
          <div className={ui.field}>
            <label className={ui.label} htmlFor={offerFieldId("addDayOff")}>
              Add a day off
            </label>
            <input className={ui.control} type="date" id={offerFieldId("addDayOff")} name="addDayOff" min={data.today} aria-invalid={errors.addDayOff ? true : undefined} />
            {errors.addDayOff && <p className={ui.error}>{errors.addDayOff}</p>}
          </div>
        </fieldset>
        <fieldset className={css.fieldset} id={offerFieldId("towns")}>
          <legend className={css.legend}>Towns you visit</legend>
          <p className={ui.hint}>Someone from another town is told so, and offered to send a message instead.</p>
          <div className={css.towns}>
            {data.towns.map((town) => (
              <label key={town.slug} className={ui.check} htmlFor={`town-${town.slug}`}>
                <input className={ui.checkBox} type="checkbox" id={`town-${town.slug}`} name="towns" value={town.slug} defaultChecked={form.towns.includes(town.slug)} />
                {town.name}
              </label>
            ))}
          </div>
          {errors.towns && <p className={ui.error}>{errors.towns}</p>}
        </fieldset>
        <div className={css.saveBar}>
          <Button>Save</Button>
        </div>
      </DeskForm>
    </section>
  );
}

function HoursFields({ row, index, isNew, errors }: { row: OfferHoursRow; index: number; isNew: boolean; errors: Record<string, string> }) {
  const name = (part: keyof OfferHoursRow | "remove") => hoursField(index, part);
  return (
    <fieldset className={css.row}>
      <legend className={css.rowLegend}>{isNew ? "Add hours" : `Hours ${index + 1}`}</legend>
      <fieldset className={css.weekdays} id={offerFieldId(name("days"))}>
        <legend className={css.weekdaysLegend}>Days</legend>
        {weekdayNames.map((day) => {
          const id = `${offerFieldId(name("days"))}-${day}`;
          return (
            <label key={day} className={ui.check} htmlFor={id}>
              <input className={ui.checkBox} type="checkbox" id={id} name={name("days")} value={day} defaultChecked={row.days.includes(day)} />
              {day.slice(0, 3)}
            </label>
          );
        })}
        {errors[name("days")] && <p className={ui.error}>{errors[name("days")]}</p>}
      </fieldset>
      <div className={css.pair}>
        <Field name={name("from")} id={offerFieldId(name("from"))} label="From" type="time" value={row.from} error={errors[name("from")]} />
        <Field name={name("to")} id={offerFieldId(name("to"))} label="To" type="time" value={row.to} error={errors[name("to")]} />
      </div>
      {!isNew && (
        <label className={ui.check} htmlFor={offerFieldId(name("remove"))}>
          <input className={ui.checkBox} type="checkbox" id={offerFieldId(name("remove"))} name={name("remove")} value="yes" />
          Remove these hours
        </label>
      )}
    </fieldset>
  );
}
