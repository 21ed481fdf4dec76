import type { Head, HeadContext } from "../app/head";
import type { LoadArgs } from "../app/page-module";
import { useRootData } from "../app/root-data";
import { workGalleryData } from "../app/structured-data";
import { Breadcrumbs } from "../components/breadcrumbs";
import { CtaBanner } from "../components/cta-banner";
import { JsonLd } from "../components/json-ld";
import { GalleryJob } from "../components/work/job-card";
import * as css from "../components/work/work.css";
import { shareImage } from "../content/photo";
import { container, section } from "../styles/layout.css";
import { pathTo } from "../routes";

/** /our-work: every job's before and after photos, newest first (content/work/; the desk's "Our work" adds them). */
export function load({ content }: LoadArgs) {
  return { jobs: content.jobs };
}

type Data = ReturnType<typeof load>;

export function head({ jobs }: Data, { site }: HeadContext): Head {
  const newest = jobs[0];
  const share = newest ? shareImage(newest.after.photo) : undefined;
  return {
    title: `Our Work: Before & After Photos | ${site.name}`,
    description: `Before and after photos of our tree removal, trimming, stump grinding and tree care jobs in ${site.address.locality}, around Lake Murray and across the Midlands.`,
    path: pathTo.ourWork,
    // The newest job's after photo when a link to the page is shared, and its day in the sitemap.
    ...(newest && share ? { image: { path: share.url, width: share.width, height: share.height, alt: newest.after.alt }, lastModified: newest.date } : {}),
  };
}

export function Component({ data: { jobs } }: { data: Data }) {
  const { site } = useRootData();
  return (
    <>
      {jobs.length > 0 ? <JsonLd data={workGalleryData(site, jobs)} /> : null}
      <div className={`${container} ${section}`}>
        <Breadcrumbs trail={[{ name: "Home", path: "/" }, { name: "Our Work", path: pathTo.ourWork }]} />
        <header className={css.intro}>
          <h1>Our Work</h1>
          <p className={css.lead}>
            {jobs.length > 0
              ? "Before and after photos from our jobs, newest first: the yard as we found it, and as we left it."
              : "Before and after photos of our jobs will be here soon."}
          </p>
        </header>
        {jobs.length > 0 ? (
          <ul className={css.gallery}>
            {jobs.map((job, i) => (
              <li key={job.slug}>
                <GalleryJob job={job} priority={i === 0} />
              </li>
            ))}
          </ul>
        ) : (
          <p className={css.empty}>
            Until then, <a href={pathTo.reviews}>our reviews</a> say how our jobs went, and we are glad to show you photos of work like yours when we come
            for a free estimate.
          </p>
        )}
      </div>
      <CtaBanner title="Have a tree like these?" text="Tell us what you see; an arborist will look at it with you and give you a written price." quoteLabel="Get Free Quote" />
    </>
  );
}
