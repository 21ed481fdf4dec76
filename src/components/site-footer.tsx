import { renderToStaticMarkup } from "react-dom/server";
import { useRootData, type RootData } from "../app/root-data";
import { formatHours } from "../format/format-hours";
import { container } from "../styles/layout.css";
import * as css from "./site-footer.css";
import { SocialIcon } from "./social-icon";
import { Tooltip, tooltipTrigger } from "./tooltip";
import { pathTo } from "../routes";

// The same on every page of a build (it reads only the root data), and the browser never
// renders it (only islands are hydrated): its markup is made once per build and thread, not
// once per page (it is half of a post page's HTML).
const footerHtml = new WeakMap<RootData, string>();

export function SiteFooter() {
  const root = useRootData();
  let html = footerHtml.get(root);
  if (html === undefined) footerHtml.set(root, (html = renderToStaticMarkup(<FooterContent {...root} />)));
  return <footer className={css.footer} dangerouslySetInnerHTML={{ __html: html }} />;
}

function FooterContent({ site, services, locations, year }: RootData) {
  return (
    <div className={container}>
      <div className={css.grid}>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className={css.heading}>Contact Information</h2>
          <ul className={css.list}>
            <li>
              <a className={css.link} href={`tel:${site.phone.dial}`}>{site.phone.display}</a>
            </li>
            <li>
              <a className={css.link} href={`mailto:${site.email}`}>{site.email}</a>
            </li>
            <li>
              {site.address.locality}, {site.address.region} {site.address.postalCode}
            </li>
            <li>{site.emergencyLine}</li>
          </ul>
        </section>
        <section aria-labelledby="footer-hours">
          <h2 id="footer-hours" className={css.heading}>Working Hours</h2>
          <ul className={css.list}>
            {site.hours.map((h) => (
              <li key={h.label}>
                {h.label}: <span className={css.nowrap}>{formatHours(h)}</span>
              </li>
            ))}
          </ul>
        </section>
        <nav aria-labelledby="footer-links">
          <h2 id="footer-links" className={css.heading}>Quick Links</h2>
          <ul className={css.list}>
            <li><a className={css.link} href="/">Home</a></li>
            <li><a className={css.link} href={pathTo.ourWork}>Our Work</a></li>
            <li><a className={css.link} href="/contact">Contact Us</a></li>
            <li><a className={css.link} href="/blog">Blog</a></li>
            <li><a className={css.link} href="/privacy">Privacy</a></li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-services">
          <h2 id="footer-services" className={css.heading}>Our Services</h2>
          <ul className={css.list}>
            {services.map((s) => (
              <li key={s.slug}>
                <a className={css.link} href={pathTo.service(s.slug)}>{s.title}</a>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-areas">
          <h2 id="footer-areas" className={css.heading}>Service Areas</h2>
          <p className={css.areasAll}>
            <a className={css.link} href="/locations">All {locations.length} areas and map</a>
          </p>
          {/*
            The spec wants this list scrollable. A scrolling box must be reachable by keyboard, so it is a
            focusable, labelled region; its height is a whole number of rows, and a shadow at the bottom edge
            (drawn by CSS, see areasBox) shows that more follows until the end is reached.
          */}
          <div className={css.areasBox} role="region" aria-label="Service areas list" tabIndex={0}>
            <ul className={css.areasList}>
              {locations.map((l) => (
                <li key={l.slug}>
                  <a className={`${css.link} ${css.areaLink}`} href={pathTo.town(l.slug)}>{l.name}, SC</a>
                </li>
              ))}
            </ul>
          </div>
        </nav>
      </div>
      <ul className={css.social} aria-label="Follow us">
        {site.social.map((s) => (
          <li key={s.name}>
            <a className={`${css.socialLink} ${tooltipTrigger}`} href={s.url} rel="noopener noreferrer" target="_blank" aria-label={`${s.name} (opens in a new tab)`}>
              <SocialIcon name={s.name} />
              <Tooltip text={s.name} />
            </a>
          </li>
        ))}
      </ul>
      <p className={css.bottom}>
        © {year} {site.name}, {site.address.locality}, {site.address.region}.{site.credentials.length ? ` ${site.credentials.join(" · ")}.` : ""}
      </p>
    </div>
  );
}
