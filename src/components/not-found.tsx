import { useRootData } from "../app/root-data";
import { container } from "../styles/layout.css";
import { button } from "./button.css";
import { CallLink } from "./cta-links";
import { StumpIcon } from "./icons";
import * as css from "./not-found.css";
import { pathTo } from "../routes";

/** The spec's not-found text, shared by the catch-all route and by pages whose data is missing. */
export function NotFound() {
  const { services } = useRootData();
  return (
    <div className={`${container} ${css.wrap}`}>
      <span className={css.mark}>
        <StumpIcon size={56} />
      </span>
      <h1>404 Page Not Found</h1>
      <p>Did you forget to add the page to the router?</p>
      <p className={css.help}>The page may have moved. These will get you back on track:</p>
      <div className={css.links}>
        <a className={button.brand} href="/">Go to the home page</a>
        <a className={button.outline} href="/contact">Contact us</a>
        <CallLink call="not-found" />
      </div>
      <nav aria-label="Our services" className={css.services}>
        <ul className={css.serviceList}>
          {services.map((s) => (
            <li key={s.slug}>
              <a href={pathTo.service(s.slug)}>{s.title}</a>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
