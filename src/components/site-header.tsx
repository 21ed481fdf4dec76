import { renderToStaticMarkup } from "react-dom/server";
import { usePathname, useRootData, type RootData } from "../app/root-data";
import { button } from "./button.css";
import { PhoneIcon, TreeIcon } from "./icons";
import * as css from "./site-header.css";
import { Tooltip, tooltipTrigger } from "./tooltip";
import { container } from "../styles/layout.css";

const navLinks = [
  { path: "/", label: "Home", exact: true },
  { path: "/services", label: "Services" },
  { path: "/locations", label: "Service Areas" },
  // Last on narrow phones (its class): the row scrolls sideways there, and Contact stays in sight.
  { path: "/our-work", label: "Our Work", className: css.lastOnPhones },
  { path: "/blog", label: "Blog" },
  { path: "/contact", label: "Contact" },
] as const;

/** The section of the main menu a path is in (what aria-current marks), if any. */
const sectionOf = (pathname: string) =>
  navLinks.find((l) => pathname === l.path || (!("exact" in l) && pathname.startsWith(`${l.path}/`)))?.path ?? "";

// Like the footer (site-footer.tsx): the same on every page of a section, and never rendered
// by the browser (only islands are hydrated), so its markup is made once per build, thread
// and section, not once per page.
const headerHtml = new WeakMap<RootData, Map<string, string>>();

export function SiteHeader() {
  const root = useRootData();
  const section = sectionOf(usePathname());
  let bySection = headerHtml.get(root);
  if (!bySection) headerHtml.set(root, (bySection = new Map()));
  let html = bySection.get(section);
  if (html === undefined) bySection.set(section, (html = renderToStaticMarkup(<HeaderContent site={root.site} section={section} />)));
  return <header className={css.header} dangerouslySetInnerHTML={{ __html: html }} />;
}

function HeaderContent({ site, section }: { site: RootData["site"]; section: string }) {
  return (
    <div className={`${container} ${css.bar}`}>
      <a href="/" className={css.brand} aria-label={`${site.name} home`}>
        <span className={css.brandMark}>
          <TreeIcon size={22} />
        </span>
        <span>{site.name}</span>
      </a>
      <nav aria-label="Main" className={css.nav}>
        {navLinks.map((l) => (
          <a key={l.path} href={l.path} className={"className" in l ? `${css.navLink} ${l.className}` : l.path === "/" ? `${css.navLink} ${css.homeLink}` : css.navLink} aria-current={l.path === section ? "page" : undefined}>
            {l.label}
          </a>
        ))}
      </nav>
      {/* On narrow phones only the icon shows; the tooltip names it there (hover or keyboard focus). */}
      <a href={`tel:${site.phone.dial}`} className={`${button.primary} ${tooltipTrigger}`} aria-label={`Call ${site.phone.display}`}>
        <PhoneIcon size={18} />
        <span className={css.phoneLabel}>{site.phone.display}</span>
        <Tooltip text={`Call ${site.phone.display}`} placement="below" align="end" className={css.phoneTip} />
      </a>
    </div>
  );
}
