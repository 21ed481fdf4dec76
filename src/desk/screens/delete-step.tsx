import type { ReactNode } from "react";
import { Button, Card, DeskForm } from "../desk-ui";
import * as ui from "../desk-ui.css";
import * as css from "./delete-step.css";

/**
 * "Delete …" asked once more in plain words before a record is erased for good (the privacy page's
 * promise): a message, a booking, a review. Works without the desk script, as every step of the
 * desk: "Delete for good" posts (CSRF token, the site's Origin), "Keep it" is a plain link back.
 */
export function DeleteStep({ title, about, question, detail, action, keep }: { title: string; about: ReactNode; question: string; detail: string; action: string; keep: string }) {
  return (
    <Card title={title}>
      <p>{about}</p>
      <p>{question}</p>
      <p className={ui.muted}>{detail}</p>
      <div className={css.decide}>
        <DeskForm action={action}>
          <Button tone="danger">Delete for good</Button>
        </DeskForm>
        <form method="get" action={keep} className={ui.form}>
          <Button tone="quiet">Keep it</Button>
        </form>
      </div>
    </Card>
  );
}
