import { bookingCancelPath, bookingDayPath, bookingDeletePath, bookingsPath, settingsPath } from "../desk-routes";
import { DeleteStep } from "./delete-step";
import { Button, Card, DeskForm } from "../desk-ui";
import * as ui from "../desk-ui.css";
import * as css from "./bookings-screen.css";

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

/**
 * The "Bookings" section: the estimate visits booked online coming up, by day (the hours offered are
 * in Settings). Its links never say a section's name: a check finds a section by a case-blind part
 * of its name (shared/CONTRACT.md).
 */
export interface BookingsData {
  days: VisitDay[];
  /** How many days ahead the list shows. */
  aheadDays: number;
  /** Whether content/estimate-visits.json is there: without it nothing is booked online until Settings saves the hours. */
  offered: boolean;
}

/** The step before a booking is deleted for good (the same server module fills it). */
export interface BookingDeleteData {
  id: string;
  name: string;
  /** "Monday, March 9, 8:00 AM". */
  when: string;
  /** YYYY-MM-DD: "Keep it" goes back to the visit's day. */
  day: string;
}

/** One day's visits, cancelled ones too. */
export interface BookingDayData extends VisitDay {
  previous: string;
  next: string;
}

export function BookingsScreen({ data }: { data: BookingsData }) {
  const upcoming = data.days.filter((day) => day.visits.length > 0);
  return (
    <>
      {!data.offered && (
        <p>
          Nobody can book a visit online yet: <a href={settingsPath}>set the hours you offer</a>.
        </p>
      )}
      <Card title="Coming up" id="coming-up">
        {upcoming.length === 0 ? (
          <p className={ui.muted}>No visits booked for the next {data.aheadDays} days. They show here, and come to you by email with a calendar invitation, the moment someone books.</p>
        ) : (
          upcoming.map((day) => (
            <section key={day.day} className={css.day} aria-labelledby={`day-${day.day}`}>
              <h3 className={css.dayTitle} id={`day-${day.day}`}>
                <a href={bookingDayPath(day.day)}>{day.label}</a>
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
      <p>
        <a className={css.back} href={settingsPath}>
          Change the hours you offer
        </a>
      </p>
    </>
  );
}

export function BookingDayScreen({ data }: { data: BookingDayData }) {
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
        <a className={css.back} href={bookingsPath}>
          ← Back to the list
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

/** "Delete booking", asked once more in plain words. */
export function BookingDeleteScreen({ data }: { data: BookingDeleteData }) {
  return (
    <DeleteStep
      title="Delete this booking?"
      about={`${data.name}, ${data.when}.`}
      question="Delete this booking and what they wrote for good? This cannot be undone."
      detail="The booking and any email about it still waiting to go are deleted from the website's files, and its time is free again. Nobody is emailed about it: if the visit is still on, call or cancel first. An email already sent stays in the mailboxes."
      action={bookingDeletePath(data.id)}
      keep={bookingDayPath(data.day)}
    />
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
          <DeskForm action={bookingCancelPath(visit.id)} confirm={visit.cancelQuestion} className={css.cancelForm}>
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
            <a className={css.factLink} href={`mailto:${visit.email}`}>
              {visit.email}
            </a>
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
      {whole && (
        // A plain link of a step: nothing is deleted until the next screen's "Delete for good".
        <form method="get" action={bookingDeletePath(visit.id)} className={css.deleteForm}>
          <Button tone="danger" label={`Delete booking: ${visit.name} at ${visit.time}`}>
            Delete booking
          </Button>
        </form>
      )}
    </li>
  );
}
