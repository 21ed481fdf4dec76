import { useLocation } from "react-router-dom";
import { useRootData } from "../app/root-data";
import { button } from "./button.css";
import { PhoneIcon, TreeIcon } from "./icons";
import * as css from "./site-header.css";
import { Tooltip, tooltipTrigger } from "./tooltip";
import { container } from "../styles/layout.css";

export function SiteHeader() {
  const { site } = useRootData();
  const { pathname } = useLocation();
  // aria-current marks the section the visitor is in (what NavLink did, without its per-link cost).
  const here = (path: string, exact = false) =>
    pathname === path || (!exact && pathname.startsWith(`${path}/`)) ? ("page" as const) : undefined;
  return (
    <header className={css.header}>
      <div className={`${container} ${css.bar}`}>
        <a href="/" className={css.brand} aria-label={`${site.name} home`}>
          <span className={css.brandMark}>
            <TreeIcon size={22} />
          </span>
          <span>{site.name}</span>
        </a>
        <nav aria-label="Main" className={css.nav}>
          <a href="/" className={`${css.navLink} ${css.homeLink}`} aria-current={here("/", true)}>Home</a>
          <a href="/services" className={css.navLink} aria-current={here("/services")}>Services</a>
          <a href="/locations" className={css.navLink} aria-current={here("/locations")}>Service Areas</a>
          <a href="/blog" className={css.navLink} aria-current={here("/blog")}>Blog</a>
          <a href="/contact" className={css.navLink} aria-current={here("/contact")}>Contact</a>
        </nav>
        {/* On narrow phones only the icon shows; the tooltip names it there (hover or keyboard focus). */}
        <a href={`tel:${site.phone.dial}`} className={`${button.primary} ${tooltipTrigger}`} aria-label={`Call ${site.phone.display}`}>
          <PhoneIcon size={18} />
          <span className={css.phoneLabel}>{site.phone.display}</span>
          <Tooltip text={`Call ${site.phone.display}`} placement="below" align="end" className={css.phoneTip} />
        </a>
      </div>
    </header>
  );
}
