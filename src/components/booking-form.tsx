import { useEffect, useRef, useState, type FormEvent, type MouseEvent, type ReactNode } from "react";
import { useIslandShownAt } from "../app/island-root";
import { AntiSpamInputs } from "./anti-spam-inputs";
import {
  bookingFields,
  dayButtonLabel,
  formatVisitDay,
  formatVisitTime,
  formatVisitWhen,
  OTHER_TOWN,
  slotsByDay,
  type BookedVisit,
  type BookingErrors,
  type BookingField,
  type BookingOffer,
  type RefusedBooking,
  type ServedTown,
  type Slot,
} from "../content/booking";
import { formatPhone, type ServiceChoice } from "../content/contact";
import { apiPath, pathTo } from "../routes";
import { visuallyHidden } from "../styles/layout.css";
import { button } from "./button.css";
import * as form from "./contact-form.css";
import * as css from "./booking-form.css";
import { formExtras, VisitOriginFields } from "./form-extras";
import { phoneEdit } from "./phone-edit";
import { ProblemList } from "./problem-list";

export interface BookingFormProps {
  phone: { display: string; dial: string };
  /** The towns visited for free estimates (content/estimate-visits.json), by name. */
  towns: readonly ServedTown[];
  services: readonly ServiceChoice[];
  /** False when the business offers no visits online (no content/estimate-visits.json). */
  offered: boolean;
  /** The business clock as people name it ("Eastern Time"): the times are on it. */
  zoneName: string;
  /** The free times when the booking function rendered the page; absent in the build's copy, whose island fetches them. */
  offer?: BookingOffer;
  refused?: RefusedBooking;
}

const labels: Record<Exclude<BookingField, "start">, string> = {
  name: "Full Name",
  phone: "Phone",
  email: "Email",
  address: "Street address",
  town: "Town",
  serviceType: "Service Needed",
  message: "What does the tree need?",
};

const inputId = (field: BookingField) => (field === "start" ? "booking-times" : `booking-${field}`);
const errorId = (field: BookingField) => `booking-${field}-error`;
/** Free times older than this when the island wakes are fetched again (a page left open, or brought back from the history). */
const FRESH_MS = 60_000;

/**
 * "Book a free estimate": pick a day, then one of its free times, then who and where. A plain
 * form first: the booking function renders the page with the day's free times as radio buttons
 * (days are links, ?day=), and a post without JavaScript is answered with this page again or the
 * thank-you page. As an island the days switch in place, the free times come from
 * GET /api/estimate-visits, and the booking is sent as JSON with the rules of booking-schema.ts.
 */
export function BookingForm({ phone, towns, services, offered, zoneName, offer, refused }: BookingFormProps) {
  const [slots, setSlots] = useState<Slot[] | undefined>(offer?.slots);
  const [slotsFailed, setSlotsFailed] = useState(false);
  const days = slotsByDay(slots ?? []);
  const [chosenDay, setChosenDay] = useState<string | undefined>(offer?.day ?? refused?.values.start?.slice(0, 10));
  const day = days.find((d) => d.day === chosenDay) ?? days[0];
  const [errors, setErrors] = useState<BookingErrors>(refused?.errors ?? {});
  const [outside, setOutside] = useState(Boolean(refused?.outsideArea));
  const [state, setState] = useState<"editing" | "sending" | "sent" | "messaged">("editing");
  const [booked, setBooked] = useState<BookedVisit>();
  const [shownAt, setShownAt] = useState<number>();
  const formRef = useRef<HTMLFormElement>(null);
  const outcome = useRef<HTMLHeadingElement>(null);
  const timesLegend = useRef<HTMLLegendElement>(null);
  const phoneBefore = useRef(formatPhone(refused?.values.phone ?? ""));
  const phoneInput = useRef<HTMLInputElement>(null);
  const shownSince = useIslandShownAt();
  useEffect(() => setShownAt(shownSince ?? Date.now()), [shownSince]);
  // A number typed before the island was React's (it wakes when the visitor comes to it), or sent
  // back by a refused post, is shown as typing it here shows it (as on the contact form).
  useEffect(() => {
    const input = phoneInput.current;
    if (!input) return;
    phoneBefore.current = formatPhone(input.value);
    input.value = phoneBefore.current;
  }, []);

  async function refresh(): Promise<void> {
    try {
      const res = await fetch(apiPath.estimateVisits, { headers: { Accept: "application/json" } });
      const body: unknown = await res.json();
      const fresh = res.ok ? slotsOf(body) : undefined;
      if (!fresh) throw new Error(`${res.status}`);
      setSlots(fresh);
      setSlotsFailed(false);
    } catch {
      setSlotsFailed(true);
    }
  }

  useEffect(() => {
    // Once, when the island wakes.
    if (offered && (!offer || Date.now() - offer.readAt > FRESH_MS)) void refresh();
  }, []);
  useEffect(() => {
    if (state === "sent" || state === "messaged") outcome.current?.focus();
  }, [state]);

  function pickDay(event: MouseEvent<HTMLAnchorElement>, picked: string) {
    event.preventDefault();
    setChosenDay(picked);
    setErrors(({ start: _start, ...rest }) => rest);
  }

  function show(found: BookingErrors) {
    setErrors(found);
    setState("editing");
    // The first field with a problem takes the focus: a screen reader user hears it, a phone scrolls to it.
    const first = bookingFields.find((field) => found[field]);
    if (first === "start") timesLegend.current?.scrollIntoView({ block: "center" });
    const target =
      first === "start" ? formRef.current?.querySelector<HTMLInputElement>('input[name="start"]') : first && formRef.current?.querySelector<HTMLElement>(`#${inputId(first)}`);
    target?.focus();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const data = new FormData(formElement);
    const values = Object.fromEntries(bookingFields.map((field) => [field, String(data.get(field) ?? "")]));
    if (values.town === OTHER_TOWN) {
      setOutside(true);
      return;
    }
    // The rules (and zod) load with the first send, not with the page; if they cannot, the browser sends the form itself.
    let rules: typeof import("../content/booking-schema");
    try {
      rules = await import("../content/booking-schema");
    } catch {
      formElement.submit();
      return;
    }
    const result = rules.bookingSchema.safeParse(values);
    if (!result.success) return show(rules.bookingErrors(result.error));
    setState("sending");
    try {
      const res = await fetch(apiPath.estimateVisits, {
        method: "POST",
        credentials: "include",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ ...result.data, ...formExtras(formElement) }),
      });
      const body: unknown = await res.json().catch(() => undefined);
      const record = typeof body === "object" && body !== null ? new Map(Object.entries(body)) : new Map<string, unknown>();
      if (res.ok) {
        const id = record.get("id");
        const slot = (slots ?? []).find((s) => s.start === result.data.start);
        setBooked({ id: typeof id === "string" ? id : "", start: result.data.start, end: slot?.end ?? result.data.start, email: result.data.email });
        setState("sent");
        return;
      }
      if (record.get("outsideArea") === true) setOutside(true);
      const next = slotsOf(body);
      if (next) setSlots(next);
      show(serverErrors(record.get("errors")) ?? { form: `Your visit could not be booked just now. Please try again in a moment, or call us at ${phone.display}.` });
    } catch {
      show({ form: `Your visit could not be booked: please check your connection and try again, or call us at ${phone.display}.` });
    }
  }

  /** "Send as a message instead": the details as a contact message (the contact function's rules), for a town not visited. */
  async function sendAsMessage() {
    const formElement = formRef.current;
    if (!formElement) return;
    const data = new FormData(formElement);
    const value = (name: string) => String(data.get(name) ?? "");
    const body = {
      name: value("name"),
      email: value("email"),
      phone: value("phone"),
      serviceType: value("serviceType"),
      message: messageInstead(value("message"), value("address"), value("town")),
      ...formExtras(formElement),
    };
    setState("sending");
    try {
      const res = await fetch(apiPath.contact, { method: "POST", credentials: "include", headers: { "Content-Type": "application/json", Accept: "application/json" }, body: JSON.stringify(body) });
      const answer: unknown = await res.json().catch(() => undefined);
      if (res.ok) return setState("messaged");
      const found = typeof answer === "object" && answer !== null && "errors" in answer ? serverErrors(answer.errors) : undefined;
      show(found ?? { form: `Your message could not be sent. Please call us at ${phone.display}.` });
    } catch {
      show({ form: `Your message could not be sent: please check your connection, or call us at ${phone.display}.` });
    }
  }

  if (state === "messaged") {
    return (
      <div className={css.done}>
        <h2 ref={outcome} tabIndex={-1} className={css.doneTitle}>
          Message sent
        </h2>
        <p>We've received your details and will call or write back within 24 hours.</p>
      </div>
    );
  }

  if (state === "sent" && booked) {
    return (
      <div className={css.done}>
        <h2 ref={outcome} tabIndex={-1} className={css.doneTitle}>
          You're booked!
        </h2>
        <p className={css.doneWhen}>{formatVisitWhen(booked.start)}</p>
        <p>
          An arborist will come to look at your trees (about an hour). We emailed the time and a calendar invitation to <strong>{booked.email}</strong>; the email also has a link to
          cancel.
        </p>
        <p>
          Questions? Call <a href={`tel:${phone.dial}`}>{phone.display}</a>.
        </p>
      </div>
    );
  }

  const describe = (field: BookingField) =>
    ({
      id: inputId(field),
      "aria-invalid": errors[field] ? true : undefined,
      "aria-describedby": errors[field] ? errorId(field) : undefined,
    }) as const;
  const message = (field: BookingField) =>
    errors[field] ? (
      <p className={form.error} id={errorId(field)}>
        {errors[field]}
      </p>
    ) : null;
  const field = (name: Exclude<BookingField, "start">, control: ReactNode) => (
    <div className={form.field}>
      <label className={form.label} htmlFor={inputId(name)}>
        {labels[name]}
      </label>
      {control}
      {message(name)}
    </div>
  );
  const typed = refused?.values ?? {};

  return (
    <>
      {refused ? (
        <ProblemList
          id="booking-problems-title"
          title="Your visit is not booked yet."
          level={2}
          formProblem={refused.errors.form}
          problems={bookingFields.flatMap((name) => (refused.errors[name] ? [{ href: `#${inputId(name)}`, message: refused.errors[name] }] : []))}
        />
      ) : null}
      {/* Without JavaScript, a town not visited: the details go as a message instead, first thing (the booking cannot be). */}
      {outside && refused?.outsideArea ? <MessageInstead refused={refused} /> : null}
      <section className={`${css.step} ${css.dayStep}`} aria-labelledby="booking-days-title">
        <h2 className={css.stepTitle} id="booking-days-title">
          <span className={css.stepNumber}>1</span> Pick a day
        </h2>
        {!offered ? (
          <p>We are not booking visits online right now. Call us at <a href={`tel:${phone.dial}`}>{phone.display}</a> or <a href={pathTo.contact}>send us a message</a> and we'll set a time.</p>
        ) : !slots ? (
          // The build's copy of the page (a static host): the times come from the function once the island wakes; a tap wakes it.
          <div className={css.loading}>
            <p role="status">{slotsFailed ? "The free times could not be loaded." : "The free times show here."}</p>
            <button className={button.outline} type="button" onClick={() => void refresh()}>
              {slotsFailed ? "Try again" : "Show the free times"}
            </button>
            <p>
              Or call us at <a href={`tel:${phone.dial}`}>{phone.display}</a>.
            </p>
          </div>
        ) : days.length === 0 ? (
          <p>
            Every visit of the next days is taken. Call us at <a href={`tel:${phone.dial}`}>{phone.display}</a> or <a href={pathTo.contact}>send us a message</a> and we'll find a time.
          </p>
        ) : (
          <ul className={css.days}>
            {days.map(({ day: d, slots: free }) => {
              const label = dayButtonLabel(d);
              return (
                <li key={d}>
                  <a
                    className={css.day}
                    href={`${pathTo.bookEstimate}?day=${d}#booking-times`}
                    aria-current={d === day?.day ? "date" : undefined}
                    onClick={(event) => pickDay(event, d)}
                  >
                    <span className={css.dayName}>{label.weekday}</span>
                    <span className={css.dayDate}>{label.date}</span>
                    <span className={css.dayFree}>
                      {free.length} free<span className={visuallyHidden}> {free.length === 1 ? "time" : "times"}</span>
                    </span>
                  </a>
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <form ref={formRef} className={css.form} method="post" action={apiPath.estimateVisits} noValidate onSubmit={submit}>
        <fieldset className={css.step} id={inputId("start")} aria-describedby={errors.start ? errorId("start") : undefined}>
          <legend ref={timesLegend} className={css.stepTitle}>
            <span className={css.stepNumber}>2</span> {day ? `Pick a time on ${formatVisitDay(day.day)}` : "Pick a time"}
          </legend>
          {errors.start ? (
            <p className={form.error} id={errorId("start")} role="alert">
              {errors.start}
            </p>
          ) : null}
          {day ? (
            <div className={css.times}>
              {day.slots.map((slot) => (
                <label key={slot.start} className={css.time}>
                  <input className={css.timeInput} type="radio" name="start" value={slot.start} defaultChecked={typed.start === slot.start} required />
                  {formatVisitTime(slot.start)}
                </label>
              ))}
            </div>
          ) : (
            <p className={form.note}>Pick a day first.</p>
          )}
          <p className={form.note}>Each visit takes about an hour. Times are {zoneName}.</p>
        </fieldset>
        <fieldset className={css.step}>
          <legend className={css.stepTitle}>
            <span className={css.stepNumber}>3</span> Your details
          </legend>
          <div className={form.row}>
            {field("name", <input className={form.control} type="text" name="name" autoComplete="name" required defaultValue={typed.name} {...describe("name")} />)}
            {field(
              "phone",
              <input
                className={form.control}
                type="tel"
                name="phone"
                inputMode="tel"
                autoComplete="tel"
                required
                defaultValue={typed.phone}
                ref={phoneInput}
                {...describe("phone")}
                onChange={(event) => {
                  // Formatted as typed, as on the contact form; the caret stays by its digit.
                  const input = event.target;
                  const edit = phoneEdit(phoneBefore.current, input.value, input.selectionStart ?? input.value.length, (event.nativeEvent as InputEvent).inputType);
                  input.value = edit.value;
                  phoneBefore.current = edit.value;
                  if (document.activeElement === input) input.setSelectionRange(edit.caret, edit.caret);
                }}
              />,
            )}
          </div>
          {field("email", <input className={form.control} type="email" name="email" autoComplete="email" required defaultValue={typed.email} {...describe("email")} />)}
          {field("address", <input className={form.control} type="text" name="address" autoComplete="street-address" required defaultValue={typed.address} {...describe("address")} />)}
          <div className={form.row}>
            {field(
              "town",
              <select className={form.control} name="town" required defaultValue={typed.town ?? ""} {...describe("town")} onChange={(event) => setOutside(event.target.value === OTHER_TOWN)}>
                <option value="">Select your town</option>
                {towns.map((town) => (
                  <option key={town.slug} value={town.name}>
                    {town.name}
                  </option>
                ))}
                <option value={OTHER_TOWN}>My town is not listed</option>
              </select>,
            )}
            {field(
              "serviceType",
              <select className={form.control} name="serviceType" required defaultValue={typed.serviceType ?? ""} {...describe("serviceType")}>
                <option value="">Select a service</option>
                {services.map((s) => (
                  <option key={s.value} value={s.value}>
                    {s.label}
                  </option>
                ))}
              </select>,
            )}
          </div>
          {outside ? <OutsideArea phone={phone} onSend={refused?.outsideArea ? undefined : () => void sendAsMessage()} sending={state === "sending"} /> : null}
          {field("message", <textarea className={form.textarea} name="message" rows={4} required defaultValue={typed.message} {...describe("message")} />)}
        </fieldset>
        <AntiSpamInputs form="booking" shownAt={shownAt} />
        <VisitOriginFields />
        {errors.form && !refused ? (
          <p className={form.error} role="alert">
            {errors.form}
          </p>
        ) : null}
        <button className={`${button.primary} ${form.submit}`} type="submit" disabled={state === "sending" || !offered}>
          {state === "sending" ? "Booking..." : "Book my free estimate"}
        </button>
        <p className={form.note}>
          We use your details only for this visit. <a href="/privacy">What we keep and how to have it deleted</a>.
        </p>
      </form>
    </>
  );
}

/** The message sent instead of a booking: what the tree needs, and where. */
const messageInstead = (message: string, address: string, town: string): string =>
  `${message.trim()}\n\nAsked for a free estimate visit at ${address.trim()}${town && town !== OTHER_TOWN ? `, ${town}` : ""}.`;

/** Told as soon as the town is "not listed": the visit is not offered there, a message is (a button where the island runs, a form without it). */
function OutsideArea({ phone, onSend, sending }: { phone: BookingFormProps["phone"]; onSend?: () => void; sending: boolean }) {
  return (
    <div className={css.outside} role="status">
      <p>
        We don't come out to that town for free estimates yet. Send us your details as a message instead, or call <a href={`tel:${phone.dial}`}>{phone.display}</a>, and
        we'll tell you what we can do.
      </p>
      {/* The page a post without JavaScript gets has the message form above the booking form instead (MessageInstead). */}
      {onSend ? (
        <button className={button.brand} type="button" onClick={onSend} disabled={sending}>
          {sending ? "Sending..." : "Send as a message instead"}
        </button>
      ) : null}
    </div>
  );
}

/**
 * Without JavaScript, a booking from a town that is not visited comes back with this: the same
 * details, sent as a contact message with one button (the contact function's form, its rules).
 */
function MessageInstead({ refused }: { refused: RefusedBooking }) {
  const v = refused.values;
  return (
    <form className={css.outside} method="post" action={apiPath.contact}>
      <h2 className={css.stepTitle}>Send it as a message instead</h2>
      <p>We'll read your details and call or write back within 24 hours.</p>
      {(["name", "email", "phone", "serviceType"] as const).map((name) => (
        <input key={name} type="hidden" name={name} value={v[name] ?? ""} />
      ))}
      <input type="hidden" name="message" value={messageInstead(v.message ?? "", v.address ?? "", v.town ?? "")} />
      <VisitOriginFields />
      <button className={button.brand} type="submit">
        Send as a message instead
      </button>
    </form>
  );
}


/** The slots of GET /api/estimate-visits (or of a 409), kept to well-formed ones. */
function slotsOf(body: unknown): Slot[] | undefined {
  if (typeof body !== "object" || body === null || !("slots" in body) || !Array.isArray(body.slots)) return undefined;
  return body.slots.flatMap((slot: unknown) =>
    typeof slot === "object" && slot !== null && "start" in slot && "end" in slot && typeof slot.start === "string" && typeof slot.end === "string" ? [{ start: slot.start, end: slot.end }] : [],
  );
}

/** The function's 400/409 `errors`, kept to the known fields and text messages. */
function serverErrors(value: unknown): BookingErrors | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const found: BookingErrors = {};
  for (const [key, text] of Object.entries(value)) {
    const name = [...bookingFields, "form" as const].find((f) => f === key);
    if (name && typeof text === "string") found[name] = text;
  }
  return Object.keys(found).length > 0 ? found : undefined;
}
