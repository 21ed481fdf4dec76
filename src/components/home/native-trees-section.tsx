import type { Home } from "../../content/home";
import { container, drawnNearViewport, section } from "../../styles/layout.css";
import { TreeIcon } from "../icons";
import { SectionHeader } from "../section-header";
import * as css from "./home.css";

/** Top Native Trees (id "native-trees"). */
export function NativeTreesSection({ heading, trees }: { heading: Home["sections"]["nativeTrees"]; trees: Home["nativeTrees"] }) {
  return (
    <section id="native-trees" className={`${section} ${css.alt} ${drawnNearViewport} ${css.untilDrawn.nativeTrees}`} aria-labelledby="native-trees-title">
      <div className={container}>
        <SectionHeader id="native-trees-title" title={heading.heading} intro={heading.intro} centered />
        <ul className={css.cardGrid}>
          {trees.map((t) => (
            <li key={t.name} className={css.card}>
              <h3 className={css.cardTitle}>{t.name}</h3>
              <p className={css.scientific}>
                <i lang="la">{t.scientificName}</i>
              </p>
              <p className={css.cardText}>{t.description}</p>
              <p className={css.height}>
                <TreeIcon size={18} />
                Mature height: {t.height}
              </p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
