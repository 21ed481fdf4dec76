import type { ReactNode, Ref } from "react";
import { CheckIcon } from "./icons";
import * as css from "./contact-thank-you.css";

export interface ThankYouPanelProps {
  /** h1 on /contact/thank-you/ (the no-JavaScript landing page), h2 inside the contact page. */
  headingLevel: 1 | 2;
  /** The contact page moves focus here so screen readers hear the outcome. */
  headingRef?: Ref<HTMLHeadingElement>;
  /** "Send Another Message": a button on the contact page, a link on the landing page. */
  action: ReactNode;
  /** Set when the message was about an emergency removal: the fastest help is a call, so say so. */
  callNow?: { display: string; dial: string };
}

/** What a visitor sees once a message is stored, with JavaScript or without. Kept light: the thank-you page imports it. */
export function ThankYouPanel({ headingLevel, headingRef, action, callNow }: ThankYouPanelProps) {
  const Heading = headingLevel === 1 ? "h1" : "h2";
  return (
    <div className={css.panel}>
      <span className={css.icon}>
        <CheckIcon size={32} />
      </span>
      <Heading ref={headingRef} className={css.heading} tabIndex={-1}>
        Thank You!
      </Heading>
      <p className={css.text}>We've received your message and will contact you within 24 hours.</p>
      {callNow ? (
        <p className={css.urgent}>
          For an emergency, call <a href={`tel:${callNow.dial}`}>{callNow.display}</a> now for the fastest response.
        </p>
      ) : null}
      {action}
    </div>
  );
}
