import type { ReactNode } from "react";
import { CheckIcon } from "./icons";
import * as css from "./feature-cards.css";

export interface FeatureCard {
  title: string;
  description: string;
  /** Defaults to a check mark. */
  icon?: ReactNode;
}

/** Title-and-description cards in a responsive grid: benefits, service features, town features. */
export function FeatureCards({ cards }: { cards: readonly FeatureCard[] }) {
  return (
    <ul className={css.grid}>
      {cards.map((c) => (
        <li key={c.title} className={css.card}>
          <span className={css.icon}>{c.icon ?? <CheckIcon size={22} />}</span>
          <h3 className={css.title}>{c.title}</h3>
          <p className={css.text}>{c.description}</p>
        </li>
      ))}
    </ul>
  );
}
