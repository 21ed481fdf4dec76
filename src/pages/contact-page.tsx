import type { Head, HeadContext } from "../app/head";
import type { LoadArgs } from "../app/page-module";
import { ContactPanelIsland } from "../app/islands";
import { useRootData } from "../app/root-data";
import { breadcrumbData } from "../app/structured-data";
import { BusinessHours, ContactCards, ServedAreas, type ServedArea } from "../components/contact-info";
import type { RefusedSubmission } from "../components/contact-form";
import * as css from "../components/contact-page.css";
import { JsonLd } from "../components/json-ld";
import { serviceChoices, type ServiceChoice } from "../content/contact";
import { container, section } from "../styles/layout.css";
import { button } from "../components/button.css";
import { pathTo } from "../routes";

export interface ContactPageData {
  areas: ServedArea[];
  services: ServiceChoice[];
  /** Only in the answer to a refused no-JavaScript post (renderContactWithErrors in src/entry-server.tsx), never in the build. */
  refused?: RefusedSubmission;
}

export function load({ content }: LoadArgs): ContactPageData {
  return {
    areas: content.locations.filter((l) => l.onContactPage).map((l) => ({ slug: l.slug, name: l.name })),
    services: serviceChoices(content.services),
  };
}

export function head(_data: ContactPageData, { site }: HeadContext): Head {
  return {
    title: `Contact ${site.name} | Free Estimates`,
    description: `Get a free estimate or schedule emergency tree services. Call ${site.phone.display} or send us a message; we reply within 24 hours.`,
    path: "/contact",
  };
}

export function Component({ data: { areas, services, refused } }: { data: ContactPageData }) {
  const { site } = useRootData();
  return (
    <>
      <JsonLd
        data={breadcrumbData(site, [
          { name: "Home", path: "/" },
          { name: "Contact", path: "/contact" },
        ])}
      />
      <header className={css.hero}>
        <div className={container}>
          <h1>Contact {site.name}</h1>
          <p className={css.intro}>Get a free estimate or schedule emergency tree services</p>
          <p className={css.booking}>
            <a className={button.brand} href={pathTo.bookEstimate}>
              Book a free estimate
            </a>
          </p>
        </div>
      </header>
      <div className={`${container} ${section}`}>
        <ContactCards site={site} />
        <div className={css.layout}>
          <ContactPanelIsland phone={site.phone} services={services} refused={refused} />
          <div className={css.aside}>
            <BusinessHours site={site} />
            <ServedAreas areas={areas} />
          </div>
        </div>
      </div>
    </>
  );
}
