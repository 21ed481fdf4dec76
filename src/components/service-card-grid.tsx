import type { Service } from "../content/services";
import * as css from "./home/home.css";
import { ArrowRightIcon } from "./icons";
import { TopicIcon } from "./topic-icon";
import { pathTo } from "../routes";

export type ServiceCardData = Pick<Service, "slug" | "icon" | "card">;

/** One card per service page, the whole card a link; only a card with a badge in its file shows one. Home and /services. */
export function ServiceCardGrid({ services, headingLevel = 3 }: { services: readonly ServiceCardData[]; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <ul className={css.cardGrid}>
      {services.map((s) => (
        <li key={s.slug} className={css.card}>
          <div className={css.cardTop}>
            <span className={css.iconBubble}>
              <TopicIcon name={s.icon} size={26} />
            </span>
            {s.card.badge ? <span className={css.pill}>{s.card.badge}</span> : null}
          </div>
          <Heading className={css.cardTitle}>
            <a className={css.stretchedLink} href={pathTo.service(s.slug)}>{s.card.title}</a>
          </Heading>
          <p className={css.cardText}>{s.card.description}</p>
          <span className={css.more} aria-hidden="true">
            Learn more <ArrowRightIcon size={16} />
          </span>
        </li>
      ))}
    </ul>
  );
}
