import { useEffect, useRef, useState } from "react";
import { useLoaderData } from "react-router-dom";
import type { Head, HeadContext } from "../app/head";
import type { LoadArgs } from "../app/page-module";
import { useRootData } from "../app/root-data";
import { breadcrumbData } from "../app/structured-data";
import { button } from "../components/button.css";
import { BusinessHours, ContactCards, ServedAreas, type ServedArea } from "../components/contact-info";
import { ContactForm, type RefusedSubmission } from "../components/contact-form";
import * as css from "../components/contact-page.css";
import { ThankYouPanel } from "../components/contact-thank-you";
import { JsonLd } from "../components/json-ld";
import { ToastProvider } from "../components/toast";
import { container, section } from "../styles/layout.css";

export interface ContactPageData {
  areas: ServedArea[];
  /** Only in the answer to a refused no-JavaScript post (renderContactWithErrors in src/entry-server.tsx), never in the build. */
  refused?: RefusedSubmission;
}

export function load({ content }: LoadArgs): ContactPageData {
  return { areas: content.locations.filter((l) => l.onContactPage).map((l) => ({ slug: l.slug, name: l.name })) };
}

export function head(_data: ContactPageData, { site }: HeadContext): Head {
  return {
    title: `Contact ${site.name} | Free Estimates`,
    description: `Get a free estimate or schedule emergency tree services. Call ${site.phone.display} or send us a message; we reply within 24 hours.`,
    path: "/contact",
  };
}

export function Component() {
  const { areas, refused } = useLoaderData<typeof load>();
  const { site } = useRootData();
  // "form" → "sent" → "form" again; `round` remounts the form empty after "Send Another Message".
  // `sent` holds the service asked for: an emergency removal gets the call-now line.
  const [sent, setSent] = useState<string | false>(false);
  const [round, setRound] = useState(0);
  const thanksHeading = useRef<HTMLHeadingElement>(null);

  // Focus follows the swap so keyboard and screen reader users land on the outcome.
  useEffect(() => {
    if (sent) thanksHeading.current?.focus();
  }, [sent]);

  return (
    <ToastProvider>
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
        </div>
      </header>
      <div className={`${container} ${section}`}>
        <ContactCards site={site} />
        <div className={css.layout}>
          <section className={css.formBox} aria-labelledby={sent ? undefined : "contact-form-title"}>
            {sent ? (
              <ThankYouPanel
                headingLevel={2}
                headingRef={thanksHeading}
                callNow={sent === "emergency-removal" ? site.phone : undefined}
                action={
                  <button
                    type="button"
                    className={button.brand}
                    onClick={() => {
                      setRound((r) => r + 1);
                      setSent(false);
                    }}
                  >
                    Send Another Message
                  </button>
                }
              />
            ) : (
              <>
                <h2 id="contact-form-title">Send Us a Message</h2>
                <ContactForm
                  key={round}
                  // What a refused post typed belongs to the first form only, not to the one after a success.
                  refused={round === 0 ? refused : undefined}
                  focusOnMount={round > 0}
                  phone={site.phone}
                  onSent={(values) => setSent(values.serviceType)}
                />
              </>
            )}
          </section>
          <div className={css.aside}>
            <BusinessHours site={site} />
            <ServedAreas areas={areas} />
          </div>
        </div>
      </div>
    </ToastProvider>
  );
}
