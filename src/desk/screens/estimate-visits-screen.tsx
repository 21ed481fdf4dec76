import { weekdayNames } from "../../content/estimate-visits";
import { estimateVisitCancelPath, estimateVisitDayPath, estimateVisitsPath } from "../desk-routes";
import { Button, Card, DeskForm, Field } from "../desk-ui";
import * as ui from "../desk-ui.css";
import { hoursField, offerFieldId, offerHints, offerLabels, type OfferForm, type OfferHoursRow, type OfferNumberField } from "../offer-form";
import * as css from "./estimate-visits-screen.css";

/** One booked visit as the desk shows it (the desk server's visit-view.ts words it). */
export interface DeskVisit {
  id: string;
  /** "8:00 AM", on the business clock. */
  time: string;
  name: string;
  phone: string;
  /** What tel: and sms: dial; "" when the number has no digits. */
  dial: string;
  email: string;
  address: string;
  town: string;
  service: string;
  message: string;
  /** A maps search for the address: directions a tap away. */
  mapsHref: string;
  /** "Booked Mar 5, 2026, 6:00 PM EST". */
  booked: string;
  /** "came from /locations/irmo-sc via google.com". */
  origin?: string;
  /** "Cancelled by Jane Doe, Mar 6, 2026, 9:12 AM EST": the time is free again. */
  cancelled?: string;
  /** The sentence the Cancel button asks before posting. */
  cancelQuestion: string;
}

export interface VisitDay {
  /** YYYY-MM-DD on the business clock. */
  day: string;
  /** "Monday, March 9". */
  label: string;
  visits: DeskVisit[];
}

/** The "Estimate visits" section: the visits coming up by day, and the hours offered (shared/CONTRACT.md: a section "Estimate visits" with a button "Save"). */
export interface EstimateVisitsData {
  days: VisitDay[];
  /** How many days ahead the list shows. */
  aheadDays: number;
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

/** One day's visits, cancelled ones too. */
export interface EstimateVisitDayData extends VisitDay {
  previous: string;
  next: string;
}

export function EstimateVisitsScreen({ data }: { data: EstimateVisitsData }) {
  const upcoming = data.days.filter((day) => day.visits.length > 0);
  return (
    <>
      <Card title="Coming up" id="coming-up">
        {upcoming.length === 0 ? (
          <p className={ui.muted}>No visits booked for the next {data.aheadDays} days. They show here, and come to you by email with a calendar invitation, the moment someone books.</p>
        ) : (
          upcoming.map((day) => (
            <section key={day.day} className={css.day} aria-labelledby={`day-${day.day}`}>
              <h3 className={css.dayTitle} id={`day-${day.day}`}>
                <a href={estimateVisitDayPath(day.day)}>{day.label}</a>
                <span className={css.dayCount}>{day.visits.length === 1 ? "1 visit" : `${day.visits.length} visits`}</span>
              </h3>
              <ul className={css.visits}>
                {day.visits.map((visit) => (
                  <VisitItem key={visit.id} visit={visit} />
                ))}
              </ul>
            </section>
          ))
        )}
      </Card>
      <OfferSettings data={data} />
    </>
  );
}

export function EstimateVisitDayScreen({ data }: { data: EstimateVisitDayData }) {
  return (
    <>
      <nav className={css.dayNav} aria-label="Other days">
        <a className={ui.button.quiet} href={data.previous}>
          ← Day before
        </a>
        <a className={ui.button.quiet} href={data.next}>
          Day after →
        </a>
      </nav>
      <p>
        <a className={css.back} href={estimateVisitsPath}>
          ← All visits coming up
        </a>
      </p>
      {data.visits.length === 0 ? (
        <Card>
          <p className={ui.muted}>No visits booked this day.</p>
        </Card>
      ) : (
        <ul className={css.visits}>
          {data.visits.map((visit) => (
            <VisitItem key={visit.id} visit={visit} whole />
          ))}
        </ul>
      )}
    </>
  );
}

/** A visit with what the owner does with it: Call, Text, Directions, Cancel (and, on the day's page, everything said). */
function VisitItem({ visit, whole = false }: { visit: DeskVisit; whole?: boolean }) {
  return (
    <li className={visit.cancelled ? `${css.visit} ${css.cancelled}` : css.visit}>
      <p className={css.visitTop}>
        <span className={css.visitTime}>{visit.time}</span>
        <span className={css.visitName}>{visit.name}</span>
      </p>
      <p className={css.visitAbout}>
        {visit.address}, {visit.town} · {visit.service}
      </p>
      {visit.cancelled ? (
        <p className={css.visitAbout}>{visit.cancelled}</p>
      ) : (
        <div className={css.actions}>
          {visit.dial && (
            <a className={ui.button.primary} href={`tel:${visit.dial}`} aria-label={`Call ${visit.name}, ${visit.phone}`}>
              Call
            </a>
          )}
          {visit.dial && (
            <a className={ui.button.quiet} href={`sms:${visit.dial}`} aria-label={`Text ${visit.name}`}>
              Text
            </a>
          )}
          <a className={ui.button.quiet} href={visit.mapsHref} aria-label={`Directions to ${visit.address}, ${visit.town}`}>
            Directions
          </a>
          <DeskForm action={estimateVisitCancelPath(visit.id)} confirm={visit.cancelQuestion} className={css.cancelForm}>
            <Button tone="danger" label={`Cancel ${visit.name}'s visit at ${visit.time}`}>
              Cancel
            </Button>
          </DeskForm>
        </div>
      )}
      {whole && (
        <dl className={css.facts}>
          <dt className={css.factName}>Phone</dt>
          <dd className={css.factValue}>{visit.phone}</dd>
          <dt className={css.factName}>Email</dt>
          <dd className={css.factValue}>
            <a href={`mailto:${visit.email}`}>{visit.email}</a>
          </dd>
          <dt className={css.factName}>What the tree needs</dt>
          <dd className={css.message}>{visit.message}</dd>
          <dt className={css.factName}>Booked</dt>
          <dd className={css.factValue}>
            {visit.booked}
            {visit.origin ? `, ${visit.origin}` : ""}
          </dd>
        </dl>
      )}
    </li>
  );
}

const numberFields: readonly OfferNumberField[] = ["visitMinutes", "visitsAtOnce", "daysAhead", "noticeHours"];

/** The hours offered: saved into content/estimate-visits.json, live for visitors at once. */
function OfferSettings({ data }: { data: EstimateVisitsData }) {
  const { form, errors } = data;
  const rows: OfferHoursRow[] = [...form.hours, { days: [], from: "", to: "" }];
  const problems = Object.entries(errors);
  return (
    <section className={css.settings} id="hours" aria-labelledby="hours-title">
      <h2 className={css.settingsTitle} id="hours-title">
        Hours you offer
      </h2>
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
      <DeskForm action={estimateVisitsPath} className={ui.stack} noValidate feature="unsaved">
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
