import type { Service } from "../../content/services";
import * as css from "./service.css";

/** How the job runs: numbered steps (the number is drawn by CSS from the list order). */
export function ProcessSteps({ steps }: { steps: Service["process"]["steps"] }) {
  return (
    <ol className={css.steps}>
      {steps.map((s) => (
        <li key={s.title} className={css.step}>
          <h3 className={css.stepTitle}>{s.title}</h3>
          <p className={css.stepText}>{s.description}</p>
        </li>
      ))}
    </ol>
  );
}
