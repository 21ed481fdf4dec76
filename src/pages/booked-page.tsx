import type { Head, HeadContext } from "../app/head";
import { useRootData } from "../app/root-data";
import { button } from "../components/button.css";
import * as css from "../components/contact-thank-you.css";
import { CheckIcon } from "../components/icons";
import { pathTo } from "../routes";
import { container, section } from "../styles/layout.css";

/**
 * /book-estimate/thank-you/: where a booking made without JavaScript lands once stored (the 303
 * of the booking function). With JavaScript the booking page says the same in place.
 */
export const load = () => ({});

export function head(_data: unknown, { site }: HeadContext): Head {
  return {
    title: `Your Visit Is Booked | ${site.name}`,
    description: "Your free estimate visit is booked; the email we sent has the time and a calendar invitation.",
    path: pathTo.bookEstimateThanks,
    noindex: true,
  };
}

export function Component() {
  const { site } = useRootData();
  return (
    <div className={`${container} ${section}`}>
      <div className={css.panel}>
        <span className={css.icon}>
          <CheckIcon size={32} />
        </span>
        <h1 className={css.heading}>You're booked!</h1>
        <p className={css.text}>
          We emailed you the day and time with a calendar invitation; the email also has a link to cancel. Questions? Call{" "}
          <a href={`tel:${site.phone.dial}`}>{site.phone.display}</a>.
        </p>
        <a className={button.brand} href={pathTo.home}>
          Back to the home page
        </a>
      </div>
    </div>
  );
}
