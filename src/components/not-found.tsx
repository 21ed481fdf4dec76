import { Link } from "react-router-dom";
import { useRootData } from "../app/root-data";
import { container } from "../styles/layout.css";
import { button } from "./button.css";
import { CallLink } from "./cta-links";
import { StumpIcon } from "./icons";
import * as css from "./not-found.css";

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
        <Link className={button.brand} to="/">Go to the home page</Link>
        <Link className={button.outline} to="/contact">Contact us</Link>
        <CallLink />
      </div>
      <nav aria-label="Our services" className={css.services}>
        <ul className={css.serviceList}>
          {services.map((s) => (
            <li key={s.slug}>
              <Link to={`/services/${s.slug}`}>{s.title}</Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
