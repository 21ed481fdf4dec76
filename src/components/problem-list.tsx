import * as css from "./contact-form.css";

export interface ProblemListProps {
  /** The heading's id (the list is labelled by it) and words: "Your message was not sent." */
  id: string;
  title: string;
  /** h3 in a form under the page's h2, h2 where the form is the page's main part. */
  level: 2 | 3;
  /** A problem with the post as a whole, first. */
  formProblem?: string;
  /** Each field's problem, linked to the field. */
  problems: ReadonlyArray<{ href: string; message: string }>;
}

/**
 * The no-JavaScript answer's summary above a refused form (the contact, review and booking forms):
 * every problem, each linked to its field, so none is missed on a long page. autoFocus (focusable
 * through tabIndex) takes the browser and a screen reader straight to the list, instead of leaving
 * the visitor at the top of the page.
 */
export function ProblemList({ id, title, level, formProblem, problems }: ProblemListProps) {
  const Heading = level === 2 ? "h2" : "h3";
  const count = problems.length + (formProblem ? 1 : 0);
  return (
    <div className={css.summary} role="alert" aria-labelledby={id} tabIndex={-1} autoFocus>
      <Heading className={css.summaryTitle} id={id}>
        {title} Please fix {count === 1 ? "this problem" : "these problems"}:
      </Heading>
      <ul className={css.summaryList}>
        {formProblem ? <li>{formProblem}</li> : null}
        {problems.map((p) => (
          <li key={p.href}>
            <a href={p.href}>{p.message}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}
