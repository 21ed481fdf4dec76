import type { Head, HeadContext } from "../app/head";
import type { LoadArgs } from "../app/page-module";
import { BookingPanelIsland } from "../app/islands";
import { useRootData } from "../app/root-data";
import { breadcrumbData } from "../app/structured-data";
import * as css from "../components/contact-page.css";
import * as booking from "../components/booking-form.css";
import { JsonLd } from "../components/json-ld";
import type { BookingOffer, RefusedBooking, ServedTown } from "../content/booking";
import { serviceChoices, type ServiceChoice } from "../content/contact";
import { formatZoneName } from "../format/business-time";
import { pathTo } from "../routes";
import { container, section } from "../styles/layout.css";

export interface BookEstimatePageData {
  /** The towns visited for free estimates, in the site's order. */
  towns: ServedTown[];
  services: ServiceChoice[];
  /** Whether visits are booked online at all (content/estimate-visits.json is there). */
  offered: boolean;
  /** The business clock's name ("Eastern Time"): the free times are on it. */
  zoneName: string;
  /**
   * The free times, when the booking function renders this page at request time
   * (renderBookingPage in src/entry-server.tsx); the build's copy has none, and its island fetches them.
   */
  offer?: BookingOffer;
  /** Only in the function's answer to a refused no-JavaScript booking. */
  refused?: RefusedBooking;
}

export function load({ content }: LoadArgs): BookEstimatePageData {
  const served = new Set(content.estimateVisits?.towns ?? []);
  return {
    towns: content.locations.filter((l) => served.has(l.slug)).map((l) => ({ slug: l.slug, name: l.name })),
    services: serviceChoices(content.services),
    offered: content.estimateVisits !== undefined,
    zoneName: formatZoneName(content.site.timeZone),
  };
}

export function head(_data: BookEstimatePageData, { site }: HeadContext): Head {
  return {
    title: `Book a Free Estimate | ${site.name}`,
    description: `Pick a time and an ISA-certified arborist from ${site.name} comes to look at your trees and gives you a written price. Free, about an hour.`,
    path: pathTo.bookEstimate,
  };
}

export function Component({ data }: { data: BookEstimatePageData }) {
  const { site } = useRootData();
  return (
    <>
      <JsonLd
        data={breadcrumbData(site, [
          { name: "Home", path: pathTo.home },
          { name: "Book a Free Estimate", path: pathTo.bookEstimate },
        ])}
      />
      <header className={css.hero}>
        <div className={container}>
          <h1>Book a Free Estimate</h1>
          <p className={css.intro}>An arborist comes to look at your trees and gives you a written price. Free, about an hour.</p>
        </div>
      </header>
      <div className={`${container} ${section}`}>
        <div className={booking.page}>
          <div className={css.formBox}>
            <BookingPanelIsland phone={site.phone} {...data} />
          </div>
          <aside className={css.aside} aria-label="Other ways to reach us">
            <p>
              Rather talk it through? Call <a href={`tel:${site.phone.dial}`} data-call="booking">{site.phone.display}</a>, or{" "}
              <a href={pathTo.contact}>send us a message</a>.
            </p>
            <p>For a tree down or hanging over your house, call now: {site.emergencyLine.toLowerCase()}.</p>
          </aside>
        </div>
      </div>
    </>
  );
}
