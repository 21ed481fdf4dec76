import { useRootData } from "../app/root-data";
import { formatHours } from "../app/format-hours";
import { container, visuallyHidden } from "../styles/layout.css";
import * as css from "./site-footer.css";

export function SiteFooter() {
  const { site, services, locations, year } = useRootData();
  return (
    <footer className={css.footer}>
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
                  {h.label}: {formatHours(h)}
                </li>
              ))}
            </ul>
          </section>
          <nav aria-labelledby="footer-links">
            <h2 id="footer-links" className={css.heading}>Quick Links</h2>
            <ul className={css.list}>
              <li><a className={css.link} href="/">Home</a></li>
              <li><a className={css.link} href="/contact">Contact Us</a></li>
              <li><a className={css.link} href="/blog">Blog</a></li>
            </ul>
          </nav>
          <nav aria-labelledby="footer-services">
            <h2 id="footer-services" className={css.heading}>Our Services</h2>
            <ul className={css.list}>
              {services.map((s) => (
                <li key={s.slug}>
                  <a className={css.link} href={`/services/${s.slug}`}>{s.title}</a>
                </li>
              ))}
            </ul>
          </nav>
          <nav aria-labelledby="footer-areas">
            <h2 id="footer-areas" className={css.heading}>Service Areas</h2>
            {/* Scrollable, so it must be reachable by keyboard: tabIndex makes the region focusable. */}
            <ul className={`${css.list} ${css.areas}`} tabIndex={0} aria-label="Service areas list">
              {locations.map((l) => (
                <li key={l.slug}>
                  <a className={css.link} href={`/locations/${l.slug}`}>{l.name}, SC</a>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <div className={css.social}>
          {site.social.map((s) => (
            <a key={s.name} className={css.link} href={s.url} rel="noopener noreferrer" target="_blank">
              {s.name}
              <span className={visuallyHidden}> (opens in a new tab)</span>
            </a>
          ))}
        </div>
        <p className={css.bottom}>
          © {year} {site.name}. Licensed &amp; insured · ISA-certified arborists · Locally owned in {site.address.locality}, {site.address.region}.
        </p>
      </div>
    </footer>
  );
}
