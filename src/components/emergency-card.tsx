import { useRootData } from "../app/root-data";
import { CallLink } from "./cta-links";
import { CheckIcon, StarIcon } from "./icons";
import * as css from "./emergency-card.css";

/**
 * The hero's right-hand card on wide screens: what a visitor with a tree on
 * the roof needs first (the 24/7 line and how fast a crew comes), then why to
 * trust the business. Every fact comes from content/site.json.
 */
export function EmergencyCard() {
  const { site } = useRootData();
  return (
    <aside className={css.card} aria-labelledby="emergency-card-title">
      <p className={css.kicker}>{site.emergencyLine}</p>
      <h2 id="emergency-card-title" className={css.title}>
        Tree down or on the house?
      </h2>
      {site.emergencyResponse ? <p className={css.text}>{site.emergencyResponse}. Call now, day or night.</p> : <p className={css.text}>Call now, day or night.</p>}
      <CallLink label={`Call ${site.phone.display}`} call="emergency" />
      {site.credentials.length ? (
        <ul className={css.points}>
          {site.credentials.map((c) => (
            <li key={c} className={css.point}>
              <CheckIcon size={18} className={css.check} />
              {c}
            </li>
          ))}
        </ul>
      ) : null}
      {site.rating.count > 0 ? (
        <p className={css.rating}>
          <StarIcon size={18} className={css.star} />
          <span>
            <strong>{site.rating.value.toFixed(1)}</strong> from {site.rating.count} reviews
          </span>
        </p>
      ) : null}
    </aside>
  );
}
