import { useEffect, useRef, useState, type FormEvent } from "react";
import { useIslandShownAt } from "../app/island-root";
import { AntiSpamInputs } from "./anti-spam-inputs";
import { ratingValues, reviewFields, type ReviewErrors, type ReviewField } from "../content/review-fields";
import { visuallyHidden } from "../styles/layout.css";
import { button } from "./button.css";
import * as form from "./contact-form.css";
import { formExtras, VisitOriginFields } from "./form-extras";
import { StarIcon } from "./icons";
import { ProblemList } from "./problem-list";
import * as css from "./reviews.css";
import { apiPath } from "../routes";


/** What a no-JavaScript post sent and why the function refused it; see renderReviewsWithErrors in src/entry-server.tsx. */
export interface RefusedReview {
  values: Partial<Record<ReviewField, string>>;
  errors: ReviewErrors;
}

const inputId = (field: ReviewField) => `review-${field}`;
const errorId = (field: ReviewField) => `review-${field}-error`;

/**
 * "Leave a review". A plain POST form first: without JavaScript the browser sends it
 * and the function answers (303 to /reviews/thank-you/, or the form again with the
 * problems). With JavaScript the same schema as the function checks it here, and it
 * is sent as JSON. The only client code on /reviews; it needs no form library.
 */
export function ReviewForm({ towns, refused }: { towns: readonly string[]; refused?: RefusedReview }) {
  const [errors, setErrors] = useState<ReviewErrors>(refused?.errors ?? {});
  const typed = refused?.values ?? {};
  const chosenRating = Number(typed.rating ?? 5);
  const [state, setState] = useState<"editing" | "sending" | "sent">("editing");
  const [shownAt, setShownAt] = useState<number>();
  const sentHeading = useRef<HTMLHeadingElement>(null);
  // When the page showed the form, not when it hydrated (that waits for the visitor); the
  // server render has no "now" for the visitor (see use-contact-submit.ts).
  const shownSince = useIslandShownAt();
  useEffect(() => setShownAt(shownSince ?? Date.now()), [shownSince]);
  useEffect(() => {
    if (state === "sent") sentHeading.current?.focus();
  }, [state]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const data = new FormData(formElement);
    const values = Object.fromEntries(reviewFields.map((field) => [field, String(data.get(field) ?? "")]));
    // The schema (and zod) load on the first send, not with the page. If that fails
    // (offline, a deploy swapped the files), the browser sends the form itself.
    let schema: typeof import("../content/review");
    try {
      schema = await import("../content/review");
    } catch {
      formElement.submit();
      return;
    }
    const { reviewErrors, reviewInputSchema } = schema;
    const result = reviewInputSchema.safeParse(values);
    if (!result.success) return show(formElement, reviewErrors(result.error));
    setState("sending");
    try {
      const res = await fetch(apiPath.reviews, {
        method: "POST",
        credentials: "include",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ ...result.data, ...formExtras(formElement) }),
      });
      // Read whole either way: an unread body stays open and is cut off by the next navigation.
      const body: unknown = await res.json().catch(() => undefined);
      if (res.ok) return setState("sent");
      const fromServer = typeof body === "object" && body !== null && "errors" in body ? serverErrors(body.errors) : undefined;
      show(formElement, fromServer ?? { form: "Your review could not be sent. Please try again in a moment." });
    } catch {
      show(formElement, { form: "Your review could not be sent. Please check your connection and try again." });
    }
  }

  function show(formElement: HTMLFormElement, found: ReviewErrors) {
    setErrors(found);
    setState("editing");
    // Focus the first field with a problem, as a screen reader user would otherwise not know.
    const first = reviewFields.find((field) => found[field]);
    const target = first === "rating" ? formElement.querySelector<HTMLInputElement>('input[name="rating"]:checked') : first && formElement.querySelector<HTMLElement>(`#${inputId(first)}`);
    target?.focus();
  }

  if (state === "sent") {
    return (
      <div className={css.sentPanel}>
        <h3 ref={sentHeading} tabIndex={-1}>
          Thank you for your review!
        </h3>
        <p>We read every review before it appears here, usually within a day or two.</p>
      </div>
    );
  }

  const describe = (field: ReviewField) =>
    errors[field] ? ({ "aria-invalid": true, "aria-describedby": errorId(field) } as const) : ({ "aria-describedby": `${inputId(field)}-hint` } as const);
  const message = (field: ReviewField) =>
    errors[field] ? (
      <p className={form.error} id={errorId(field)}>
        {errors[field]}
      </p>
    ) : null;

  return (
    <form className={form.form} method="post" action={apiPath.reviews} noValidate onSubmit={submit}>
      {refused ? (
        <ProblemList
          id="review-problems-title"
          title="Your review was not sent."
          level={3}
          formProblem={refused.errors.form}
          problems={reviewFields.flatMap((name) => (refused.errors[name] ? [{ href: `#${name === "rating" ? "review-rating-5" : inputId(name)}`, message: refused.errors[name] }] : []))}
        />
      ) : null}
      {errors.form && !refused ? (
        <p className={css.alert} role="alert">
          {errors.form}
        </p>
      ) : null}
      <div className={form.field}>
        <label className={form.label} htmlFor={inputId("name")}>
          Your name
        </label>
        <p className={css.hint} id={`${inputId("name")}-hint`}>
          Shown with your review, for example Sarah M.
        </p>
        <input className={form.control} id={inputId("name")} name="name" type="text" autoComplete="name" required defaultValue={typed.name} {...describe("name")} />
        {message("name")}
      </div>
      <div className={form.field}>
        <label className={form.label} htmlFor={inputId("location")}>
          Your town
        </label>
        <p className={css.hint} id={`${inputId("location")}-hint`}>
          Pick one of ours or type your own.
        </p>
        <input className={form.control} id={inputId("location")} name="location" type="text" list="review-towns" autoComplete="address-level2" required defaultValue={typed.location} {...describe("location")} />
        <datalist id="review-towns">
          {towns.map((town) => (
            <option key={town} value={town} />
          ))}
        </datalist>
        {message("location")}
      </div>
      <fieldset className={css.ratingGroup} {...(errors.rating ? { "aria-describedby": errorId("rating") } : {})}>
        <legend className={css.ratingLegend}>Your rating</legend>
        <div className={css.ratingStars}>
          {[...ratingValues].reverse().map((n) => (
            <RatingStar key={n} value={n} checked={n === chosenRating} />
          ))}
        </div>
        {message("rating")}
      </fieldset>
      <div className={form.field}>
        <label className={form.label} htmlFor={inputId("text")}>
          Your review
        </label>
        <p className={css.hint} id={`${inputId("text")}-hint`}>
          10 to 2,000 characters: the job, the crew, the result.
        </p>
        <textarea className={form.textarea} id={inputId("text")} name="text" rows={6} required defaultValue={typed.text} {...describe("text")} />
        {message("text")}
      </div>
      <AntiSpamInputs form="review" shownAt={shownAt} />
      <VisitOriginFields />
      <button className={`${button.primary} ${form.submit}`} type="submit" disabled={state === "sending"}>
        {state === "sending" ? "Sending..." : "Send Review"}
      </button>
    </form>
  );
}

/** One radio of the group; the label is the star, its name is read out ("4 stars"). */
function RatingStar({ value, checked }: { value: number; checked: boolean }) {
  const id = `review-rating-${value}`;
  return (
    <>
      <input className={css.ratingInput} type="radio" id={id} name="rating" value={value} defaultChecked={checked} />
      <label className={css.ratingStar} htmlFor={id}>
        <StarIcon size={30} />
        <span className={visuallyHidden}>
          {value} {value === 1 ? "star" : "stars"}
        </span>
      </label>
    </>
  );
}


/** The function's 400 `errors`, kept to the known fields and text messages. */
function serverErrors(value: unknown): ReviewErrors | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const found: ReviewErrors = {};
  for (const [key, message] of Object.entries(value)) {
    const field = [...reviewFields, "form" as const].find((f) => f === key);
    if (field && typeof message === "string") found[field] = message;
  }
  return found;
}
