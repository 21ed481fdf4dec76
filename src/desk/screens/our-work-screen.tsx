import { deskPath } from "../desk-routes";
import { Button, Card } from "../desk-ui";
import * as ui from "../desk-ui.css";
import * as css from "./our-work.css";

/** The Our work list (the desk server's screens/our-work.ts fills it). */
export interface WorkData {
  jobs: { slug: string; title: string; when: string; thumb?: string; problem?: string }[];
  /** content/site.json still lists the example jobs the site came with as placeholders. */
  examples: boolean;
}

export function WorkScreen({ data }: { data: WorkData }) {
  return (
    <>
      <div className={css.listTop}>
        <form method="get" action={deskPath.jobNew}>
          <Button>Add a job</Button>
        </form>
      </div>
      <p>
        Each job shows its before and after photos on the site at <a href="/our-work">/our-work</a>, on the page of its service and of its town, and the newest
        three on the home page.
      </p>
      {data.examples && (
        <Card title="Examples">
          <p>The jobs the site came with are examples with drawn pictures. Add your own jobs, then open each example and remove it.</p>
        </Card>
      )}
      {data.jobs.length === 0 ? (
        <p>No jobs yet: add the first one with Add a job.</p>
      ) : (
        <ul className={ui.rowList} aria-label="Jobs">
          {data.jobs.map((job) => (
            <li key={job.slug}>
              <a className={ui.linkRow} href={`${deskPath.jobEdit}/${job.slug}`}>
                {job.thumb ? <img className={css.thumb} src={job.thumb} alt="" width={96} height={72} loading="lazy" /> : null}
                <span>
                  <span className={ui.linkRowTitle}>{job.title}</span>
                  <span className={ui.linkRowText}>{job.problem ? `Not on the site: ${job.problem}` : job.when}</span>
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
