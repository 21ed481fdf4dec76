import { formatHours } from "../format/format-hours";
import type { Site } from "../content/site";
import { ClockIcon, MailIcon, PhoneIcon, PinIcon } from "./icons";
import * as css from "./contact-info.css";
import { pathTo } from "../routes";

/** The three ways to reach the business, above the form. */
export function ContactCards({ site }: { site: Site }) {
  return (
    <ul className={css.cards} aria-label="Ways to reach us">
      <li className={css.card}>
        <span className={css.cardIcon}>
          <PhoneIcon size={24} />
        </span>
        <h2 className={css.cardTitle}>Call Us</h2>
        <p className={css.cardText}>24/7 Emergency Service</p>
        <a className={css.cardLink} href={`tel:${site.phone.dial}`} data-call="contact-card">
          {site.phone.display}
        </a>
      </li>
      <li className={css.card}>
        <span className={css.cardIcon}>
          <MailIcon size={24} />
        </span>
        <h2 className={css.cardTitle}>Email Us</h2>
        <p className={css.cardText}>We respond within 24 hours</p>
        <a className={css.cardLink} href={`mailto:${site.email}`}>
          {site.email}
        </a>
      </li>
      <li className={css.card}>
        <span className={css.cardIcon}>
          <PinIcon size={24} />
        </span>
        <h2 className={css.cardTitle}>Service Area</h2>
        <p className={css.cardText}>
          {site.address.locality}, {site.address.region} {site.address.postalCode}
        </p>
        <p className={css.cardText}>and surrounding areas</p>
      </li>
    </ul>
  );
}

/** Opening hours from content/site.json, the same lines as the footer's. */
export function BusinessHours({ site }: { site: Site }) {
  return (
    <section className={css.box} aria-labelledby="contact-hours">
      <h2 className={css.boxTitle} id="contact-hours">
        <ClockIcon /> Business Hours
      </h2>
      <dl className={css.hours}>
        {site.hours.map((h) => (
          <div key={h.label} className={css.hoursRow}>
            <dt className={css.hoursDay}>{h.label}</dt>
            <dd className={css.hoursTime}>{formatHours(h)}</dd>
          </div>
        ))}
      </dl>
      <p className={css.emergency}>{site.emergencyLine}</p>
    </section>
  );
}

export interface ServedArea {
  slug: string;
  name: string;
}

/** The towns marked onContactPage in content/locations, each linking to its page. */
export function ServedAreas({ areas }: { areas: readonly ServedArea[] }) {
  return (
    <section className={css.box} aria-labelledby="contact-areas">
      <h2 className={css.boxTitle} id="contact-areas">
        <PinIcon /> Areas We Serve
      </h2>
      <ul className={css.areas}>
        {areas.map((a) => (
          <li key={a.slug}>
            <a className={css.areaLink} href={pathTo.town(a.slug)}>
              {a.name}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
