import { container, section } from "../styles/layout.css";
import * as css from "./notice.css";
import { prose } from "./prose.css";

/**
 * A short page a function answers with (a form post it could not take, the owner's review
 * links: the contact function's form-pages.ts, the reviews function's review-pages.ts), in
 * the site's frame. `html` is the function's own, with what a visitor or a review wrote
 * escaped there.
 */
export function Notice({ html }: { html: string }) {
  return (
    <div className={`${container} ${section}`}>
      <div className={`${prose} ${css.notice}`} dangerouslySetInnerHTML={{ __html: html }} />
    </div>
  );
}
