import type { Home } from "../../content/home";
import type { Service } from "../../content/services";
import { container, section } from "../../styles/layout.css";
import { ArrowRightIcon } from "../icons";
import { SectionHeader } from "../section-header";
import { TopicIcon } from "../topic-icon";
import * as css from "./home.css";

export type ServiceCardData = Pick<Service, "slug" | "icon" | "card">;

/** Services (id "services"): one card per service page; only a card with a badge in its file shows one. */
export function ServicesSection({ heading, services }: { heading: Home["sections"]["services"]; services: readonly ServiceCardData[] }) {
  return (
    <section id="services" className={`${section} ${css.alt}`} aria-labelledby="services-title">
      <div className={container}>
        <SectionHeader id="services-title" title={heading.heading} intro={heading.intro} centered />
        <ul className={css.cardGrid}>
          {services.map((s) => (
            <li key={s.slug} className={css.card}>
              <div className={css.cardTop}>
                <span className={css.iconBubble}>
                  <TopicIcon name={s.icon} size={26} />
                </span>
                {s.card.badge ? <span className={css.pill}>{s.card.badge}</span> : null}
              </div>
              <h3 className={css.cardTitle}>
                <a className={css.stretchedLink} href={`/services/${s.slug}`}>{s.card.title}</a>
              </h3>
              <p className={css.cardText}>{s.card.description}</p>
              <span className={css.more} aria-hidden="true">
                Learn more <ArrowRightIcon size={16} />
              </span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
