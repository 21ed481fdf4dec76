import type { SiteJob } from "../../content/jobs";
import { pathTo } from "../../routes";
import { container, section } from "../../styles/layout.css";
import { button } from "../button.css";
import { SectionHeader } from "../section-header";
import { JobCard } from "./job-card";
import * as css from "./work.css";

/** How many of the newest jobs a home, service or town page shows. */
export const RECENT_JOBS = 3;

/**
 * The newest jobs (at most RECENT_JOBS, as the page picked them) and the way to all of them; nothing at all
 * when there are none, so a page never shows an empty section.
 */
export function RecentJobs({ title, intro, jobs }: { title: string; intro: string; jobs: readonly SiteJob[] }) {
  if (jobs.length === 0) return null;
  return (
    <section id="recent-work" className={section} aria-labelledby="recent-work-title">
      <div className={container}>
        <SectionHeader id="recent-work-title" title={title} intro={intro} />
        <ul className={css.grid}>
          {jobs.map((job) => (
            <li key={job.slug}>
              <JobCard job={job} />
            </li>
          ))}
        </ul>
        <p className={css.more}>
          <a className={button.outline} href={pathTo.ourWork}>
            See all our work
          </a>
        </p>
      </div>
    </section>
  );
}
