import { useRootData } from "../app/root-data";
import { breadcrumbData, type Crumb } from "../app/structured-data";
import * as css from "./breadcrumbs.css";
import { JsonLd } from "./json-ld";

export type { Crumb };

/**
 * The visible trail and its BreadcrumbList JSON-LD, from one list so they never disagree.
 * Start the trail with { name: "Home", path: "/" } and end with the current page.
 */
export function Breadcrumbs({ trail, tone = "light" }: { trail: readonly Crumb[]; tone?: keyof typeof css.trail }) {
  const { site } = useRootData();
  return (
    <nav aria-label="Breadcrumb">
      <JsonLd data={breadcrumbData(site, trail)} />
      <ol className={css.trail[tone]}>
        {trail.map((c, i) => (
          <li key={c.path} className={css.item}>
            {i === trail.length - 1 ? (
              <span aria-current="page">{c.name}</span>
            ) : (
              <a className={css.link[tone]} href={c.path}>{c.name}</a>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
