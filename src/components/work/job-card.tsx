import type { SiteJob } from "../../content/jobs";
import type { Cover } from "../../content/photo";
import { formatLongDate } from "../../format/format-date";
import { pathTo } from "../../routes";
import { Picture } from "../picture";
import * as css from "./work.css";

/** What a job's photo takes on screen, for the browser's pick among its widths (work.css.ts). */
const GALLERY_SIZES = "(min-width: 62rem) 28rem, (min-width: 40rem) 46vw, calc(100vw - 4rem)";
const CARD_SIZES = "(min-width: 68rem) 11rem, (min-width: 44rem) 25vw, calc(50vw - 2.5rem)";

/** The before and after photos, labelled; `priority` for the first job on a page, whose photos are on the first screen. */
function PhotoPair({ job, sizes, small, priority }: { job: SiteJob; sizes: string; small: boolean; priority: boolean }) {
  const shot = (cover: Cover, label: string) => (
    <li>
      <figure className={css.shot}>
        <Picture photo={cover.photo} alt={cover.alt} sizes={sizes} priority={priority} />
        <figcaption className={css.label}>{label}</figcaption>
      </figure>
    </li>
  );
  return (
    <ul className={small ? `${css.pair} ${css.pairSmall}` : css.pair} aria-label="Before and after">
      {shot(job.before, "Before")}
      {shot(job.after, "After")}
    </ul>
  );
}

const jobTitle = (job: SiteJob) => `${job.service.title} in ${job.town.name}`;

/** One job on /our-work: its photos large, the day, links to its service and town, and what was done. */
export function GalleryJob({ job, priority = false }: { job: SiteJob; priority?: boolean }) {
  return (
    <article className={css.card} id={job.slug} aria-labelledby={`${job.slug}-title`}>
      <PhotoPair job={job} sizes={GALLERY_SIZES} small={false} priority={priority} />
      <h2 className={css.title} id={`${job.slug}-title`}>{jobTitle(job)}</h2>
      <p className={css.meta}>
        <time dateTime={job.date}>{formatLongDate(job.date)}</time>
        <span aria-hidden="true">·</span>
        <a href={pathTo.service(job.service.slug)}>{job.service.title}</a>
        <span aria-hidden="true">·</span>
        <a href={pathTo.town(job.town.slug)}>{job.town.name}, SC</a>
      </p>
      <div className={css.text} dangerouslySetInnerHTML={{ __html: job.html }} />
    </article>
  );
}

/** One of the newest jobs on the home, service or town page: the pair, and a link to it on /our-work. */
export function JobCard({ job }: { job: SiteJob }) {
  return (
    <article className={css.card}>
      <PhotoPair job={job} sizes={CARD_SIZES} small priority={false} />
      <h3 className={`${css.title} ${css.titleSmall}`}>
        <a className={css.titleLink} href={`${pathTo.ourWork}#${job.slug}`}>
          {jobTitle(job)}
        </a>
      </h3>
      <p className={css.meta}>
        <time dateTime={job.date}>{formatLongDate(job.date)}</time>
      </p>
      <p className={css.summary}>{job.summary}</p>
    </article>
  );
}
