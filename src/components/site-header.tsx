import { Link, NavLink } from "react-router-dom";
import { useRootData } from "../app/root-data";
import { button } from "./button.css";
import { PhoneIcon, TreeIcon } from "./icons";
import * as css from "./site-header.css";
import { container } from "../styles/layout.css";

export function SiteHeader() {
  const { site } = useRootData();
  return (
    <header className={css.header}>
      <div className={`${container} ${css.bar}`}>
        <Link to="/" className={css.brand} aria-label={`${site.name} home`}>
          <span className={css.brandMark}>
            <TreeIcon size={22} />
          </span>
          <span>{site.name}</span>
        </Link>
        <nav aria-label="Main" className={css.nav}>
          <NavLink to="/" end className={`${css.navLink} ${css.homeLink}`}>Home</NavLink>
          <Link to="/#services" className={css.navLink}>Services</Link>
          <Link to="/#service-areas" className={css.navLink}>Service Areas</Link>
          <NavLink to="/blog" className={css.navLink}>Blog</NavLink>
          <NavLink to="/contact" className={css.navLink}>Contact</NavLink>
        </nav>
        <a href={`tel:${site.phone.dial}`} className={button.primary} aria-label={`Call ${site.phone.display}`}>
          <PhoneIcon size={18} />
          <span className={css.phoneLabel}>{site.phone.display}</span>
        </a>
      </div>
    </header>
  );
}
