import { container, section } from "../styles/layout.css";
import { CallLink, QuoteLink } from "./cta-links";
import * as css from "./cta-banner.css";

/** The closing call to action: heading, one line, the phone number as a button, and the quote form. */
export function CtaBanner({ title, text, quoteLabel }: { title: string; text: string; quoteLabel: "Get Free Quote" | "Request Free Quote" }) {
  return (
    <section className={css.banner} aria-labelledby="cta-title">
      <div className={`${container} ${section} ${css.inner}`}>
        <h2 id="cta-title" className={css.title}>{title}</h2>
        <p className={css.text}>{text}</p>
        <div className={css.actions}>
          <CallLink look="light" call="banner" />
          <QuoteLink label={quoteLabel} />
        </div>
      </div>
    </section>
  );
}
