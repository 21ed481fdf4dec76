import * as css from "./section-header.css";

/** A section's H2 (its id labels the section) and the line under it. */
export function SectionHeader({ id, title, intro, centered = false }: { id: string; title: string; intro?: string; centered?: boolean }) {
  return (
    <header className={centered ? `${css.header} ${css.centered}` : css.header}>
      <h2 id={id} className={css.title}>{title}</h2>
      {intro ? <p className={css.intro}>{intro}</p> : null}
    </header>
  );
}
