import type { ReactNode } from "react";
import { container } from "../styles/layout.css";
import { CheckIcon } from "./icons";
import * as css from "./page-hero.css";
import { HERO_SIZES, type Cover } from "../content/photo";
import { Picture } from "./picture";
import { Scenery, type SceneName } from "./scenery";

interface PageHeroProps {
  scene: SceneName;
  size: keyof typeof css.hero;
  title: string;
  subtitle: string;
  /** The pill above the title: "Serving Irmo, SC". */
  badge?: string;
  /** Calls to action: a CallLink and a QuoteLink. */
  actions: ReactNode;
  /** Short trust points under the buttons. */
  points?: readonly string[];
  /** Above the badge: breadcrumbs on inner pages. */
  top?: ReactNode;
  /** Beside the text on wide screens (the emergency card), under it on phones. */
  aside?: ReactNode;
  /** The owner's photo for this page, shown where the drawn scenery would be. */
  photo?: Cover;
}

/** The page's first screen: the owner's photo or drawn scenery, one H1, the calls to action. */
export function PageHero({ scene, size, title, subtitle, badge, actions, points, top, aside, photo }: PageHeroProps) {
  return (
    <section className={css.hero[size]} aria-labelledby="page-title">
      <div className={`${container} ${aside ? css.split : css.single}`}>
        <div className={css.content}>
          {top}
          {badge ? <p className={css.badge}>{badge}</p> : null}
          <h1 id="page-title" className={css.title}>{title}</h1>
          <p className={css.subtitle}>{subtitle}</p>
          <div className={css.actions}>{actions}</div>
          {points?.length ? (
            <ul className={css.trust}>
              {points.map((p) => (
                <li key={p} className={css.trustItem}>
                  <CheckIcon size={18} />
                  {p}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        {aside ? <div className={css.aside}>{aside}</div> : null}
      </div>
      {photo ? <Picture photo={photo.photo} alt={photo.alt} priority sizes={HERO_SIZES} className={css.photo} /> : <Scenery scene={scene} className={css.art} />}
    </section>
  );
}
