import type { Service } from "../../content/services";
import * as css from "./service.css";

/** Questions and answers, all open: short enough to read on a phone, and what the FAQPage JSON-LD describes. */
export function FaqList({ faqs }: { faqs: Service["faqs"] }) {
  return (
    <dl className={css.faqs}>
      {faqs.map((f) => (
        <div key={f.question} className={css.faq}>
          <dt className={css.question}>{f.question}</dt>
          <dd className={css.answer}>{f.answer}</dd>
        </div>
      ))}
    </dl>
  );
}
