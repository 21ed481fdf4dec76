import type { Head, HeadContext } from "../app/head";
import { button } from "../components/button.css";
import { ThankYouPanel } from "../components/contact-thank-you";
import { container, section } from "../styles/layout.css";
import { pathTo } from "../routes";

/**
 * /contact/thank-you/: where a form post made without JavaScript lands once
 * it is stored (the 303 in the contact function's app.ts). With
 * JavaScript the contact page shows the same panel in place.
 */
export const load = () => ({});

export function head(_data: unknown, { site }: HeadContext): Head {
  return {
    title: `Thank You | ${site.name}`,
    description: "We've received your message and will contact you within 24 hours.",
    path: pathTo.contactThanks,
    noindex: true,
  };
}

export function Component() {
  return (
    <div className={`${container} ${section}`}>
      <ThankYouPanel
        headingLevel={1}
        action={
          <a className={button.brand} href="/contact">
            Send Another Message
          </a>
        }
      />
    </div>
  );
}
