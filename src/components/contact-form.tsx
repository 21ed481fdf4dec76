import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from "react";
import { useForm, type FieldErrors as FormErrors, type Resolver } from "react-hook-form";
import type { z } from "zod/mini";
import { AntiSpamInputs } from "./anti-spam-inputs";
import { VisitOriginFields } from "./form-extras";
import {
  contactFields,
  formatPhone,
  serviceTypeValues,
  type ContactField,
  type FieldErrors,
  type FormValues,
  type ServiceChoice,
} from "../content/contact";
import type { ContactInput } from "../content/contact-schema";
import { PHOTO_ACCEPT, PHOTOS_FIELD, photoLimits } from "../content/contact-photos";
import { phoneEdit } from "./phone-edit";
import { ProblemList } from "./problem-list";
import { useContactSubmit } from "./use-contact-submit";
import { apiPath } from "../routes";
import { visuallyHidden } from "../styles/layout.css";
import { button } from "./button.css";
import * as css from "./contact-form.css";
import { useToast } from "./toast";

/** What a no-JavaScript post sent and why the contact function refused it; see renderContactWithErrors in src/entry-server.tsx. */
export interface RefusedSubmission {
  values: FormValues;
  errors: FieldErrors;
}

type FormInput = z.input<typeof import("../content/contact-schema").contactSchema>;

/**
 * The contact function's own rules, loaded when the form first validates (on
 * submit): zod and the resolver are then not part of the page's first load.
 */
const resolver: Resolver<FormInput, unknown, ContactInput> = async (values, context, options) => {
  const [{ zodResolver }, { contactSchema }] = await Promise.all([import("@hookform/resolvers/zod"), import("../content/contact-schema")]);
  return zodResolver(contactSchema)(values, context, options);
};

const labels: Record<ContactField, string> = {
  name: "Full Name",
  email: "Email",
  phone: "Phone",
  serviceType: "Service Needed",
  message: "Message",
};

/** Element ids: the no-JavaScript problem list links to them. */
const inputId = (field: ContactField) => `contact-${field}`;
const errorId = (field: ContactField) => `contact-${field}-error`;

const asServiceType = (value: string | undefined) => serviceTypeValues.find((v) => v === value);

/** The photos' thumbnails and the picker's checks: a chunk of their own, fetched when the visitor first picks a photo. */
const picker = () => import("./photo-picker");
const PhotoStrip = lazy(picker);

/** The form's starting values: empty, or what the visitor typed before the server refused it. */
function startValues(refused: RefusedSubmission | undefined) {
  const v = refused?.values ?? {};
  return {
    name: v.name ?? "",
    email: v.email ?? "",
    phone: v.phone ?? "",
    serviceType: asServiceType(v.serviceType),
    message: v.message ?? "",
  };
}

/** The server's messages in react-hook-form's shape, so they show (and render on the server) like the form's own. */
function serverErrors(refused: RefusedSubmission | undefined): FormErrors<FormInput> | undefined {
  if (!refused) return undefined;
  const errors: FormErrors<FormInput> = {};
  for (const field of contactFields) {
    const message = refused.errors[field];
    if (message) errors[field] = { type: "server", message };
  }
  return errors;
}

export interface ContactFormProps {
  refused?: RefusedSubmission;
  /** Called once the message is stored, with what was sent; the success toast is already up and the form reset. */
  onSent: (sent: ContactInput) => void;
  /** The business's number: the failure toast offers to call it. */
  phone: { display: string; dial: string };
  /** The select's options: the services' titles, then "Other" (serviceChoices in src/content/contact.ts). */
  services: readonly ServiceChoice[];
  /** Put the cursor in the first field when the form appears (after "Send Another Message"). */
  focusOnMount?: boolean;
  /** When the page showed this form, if before it mounted (the anti-spam shown-at time; see useContactSubmit). */
  shownAt?: number;
}

/**
 * The contact form: react-hook-form validating with the same schema as the
 * contact function. It is also a plain POST form to the same endpoint with
 * the same field names, so it works before (or without) JavaScript; then the
 * function validates and answers with this page again (see `refused`).
 * noValidate: the browser's own bubbles would hide the spec's messages.
 */
export function ContactForm({ refused, onSent, phone: business, services, focusOnMount = false, shownAt: shownSince }: ContactFormProps) {
  const [defaults] = useState(() => startValues(refused));
  const [initialErrors] = useState(() => serverErrors(refused));
  const {
    register,
    handleSubmit,
    reset,
    setFocus,
    getValues,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, ContactInput>({
    resolver,
    defaultValues: defaults,
    errors: initialErrors,
  });
  const { shownAt, submit } = useContactSubmit(shownSince);
  const toast = useToast();
  const form = useRef<HTMLFormElement>(null);
  // The phone field's formatted value before each keystroke (phoneEdit needs it to tell a deleted bracket from a deleted digit).
  const phoneBefore = useRef(defaults.phone);
  // The photos chosen, in order (the file input only brings each choice in: photo-picker.tsx); and what is wrong with one.
  const [photos, setPhotos] = useState<readonly File[]>([]);
  const [photoProblem, setPhotoProblem] = useState(refused?.errors.photos);
  const photoInput = useRef<HTMLInputElement>(null);
  const choosePhotos = (chosen: FileList | null | undefined) => {
    const added = Array.from(chosen ?? []);
    if (photoInput.current) photoInput.current.value = "";
    if (added.length > 0)
      void picker().then(({ addPhotos }) =>
        setPhotos((now) => {
          const next = addPhotos(now, added);
          setPhotoProblem(next.problem);
          return next.photos;
        }),
      );
  };

  useEffect(() => {
    if (focusOnMount) setFocus("name");
  }, [focusOnMount, setFocus]);

  // A number typed before the form was React's (its island wakes when the visitor comes to it,
  // src/client/islands.ts), or sent back by a refused post, is shown as typing it here shows it.
  // Photos chosen before the form was React's are in its input: they become the first ones.
  useEffect(() => choosePhotos(photoInput.current?.files), []);

  useEffect(() => {
    const typed = getValues("phone") ?? "";
    phoneBefore.current = formatPhone(typed);
    if (phoneBefore.current !== typed) setValue("phone", phoneBefore.current);
  }, [getValues, setValue]);

  const send = async (values: ContactInput) => {
    try {
      // A form sent as it woke may still have its photos in the input only.
      await submit(values, form.current, photos.length > 0 ? photos : Array.from(photoInput.current?.files ?? []));
    } catch (error) {
      // A photo refused: said beside the photos, the rest of the form kept as typed.
      const problem = error instanceof Error && "photos" in error && typeof error.photos === "string" ? error.photos : undefined;
      if (problem) return setPhotoProblem(problem);
      // The toast is what the visitor needs; the "status: text" detail is for whoever opens the console.
      console.error("Contact form:", error);
      toast({
        title: "Error",
        description: "Failed to send message. Please call us directly.",
        variant: "destructive",
        action: { label: `Call ${business.display}`, href: `tel:${business.dial}` },
      });
      return;
    }
    toast({ title: "Message Sent!", description: "We'll get back to you within 24 hours." });
    reset({ name: "", email: "", phone: "", serviceType: undefined, message: "" });
    phoneBefore.current = "";
    setPhotos([]);
    setPhotoProblem(undefined);
    onSent(values);
  };

  const describe = (field: ContactField) => {
    const message = errors[field]?.message;
    return {
      id: inputId(field),
      "aria-required": true,
      "aria-invalid": message ? true : undefined,
      "aria-describedby": message ? errorId(field) : undefined,
    } as const;
  };

  const field = (name: ContactField, control: ReactNode) => {
    const message = errors[name]?.message;
    return (
      <div className={css.field}>
        <label className={css.label} htmlFor={inputId(name)}>
          {labels[name]}
          <span className={css.required} aria-hidden="true">*</span>
        </label>
        {control}
        {message ? (
          <p className={css.error} id={errorId(name)}>
            {message}
          </p>
        ) : null}
      </div>
    );
  };

  // Registered in page order: on a failed submit react-hook-form focuses the first registered field with a problem.
  const fields = {
    name: register("name"),
    email: register("email"),
    phone: register("phone"),
    serviceType: register("serviceType"),
    message: register("message"),
  };
  const { phone } = fields;

  return (
    // multipart: without JavaScript the browser sends the photos with the fields to the contact function.
    <form ref={form} className={css.form} method="post" action={apiPath.contact} encType="multipart/form-data" noValidate onSubmit={handleSubmit(send)}>
      {refused ? (
        <ProblemList
          id="contact-problems-title"
          title="Your message was not sent."
          level={3}
          formProblem={refused.errors.form}
          problems={[
            ...contactFields.flatMap((name) => (refused.errors[name] ? [{ href: `#${inputId(name)}`, message: refused.errors[name] }] : [])),
            ...(refused.errors.photos ? [{ href: "#contact-photos", message: refused.errors.photos }] : []),
          ]}
        />
      ) : null}
      <p className={css.note}>
        Fields marked <span aria-hidden="true">*</span>
        <span className={visuallyHidden}>with an asterisk</span> are required.
      </p>
      <div className={css.row}>
        {field("name", <input className={css.control} type="text" autoComplete="name" placeholder="John Doe" required defaultValue={defaults.name} {...describe("name")} {...fields.name} />)}
        {field(
          "email",
          <input className={css.control} type="email" autoComplete="email" placeholder="john@example.com" required defaultValue={defaults.email} {...describe("email")} {...fields.email} />,
        )}
      </div>
      <div className={css.row}>
        {field(
          "phone",
          <input
            className={css.control}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="(803) 555-0123"
            required
            defaultValue={defaults.phone}
            {...describe("phone")}
            {...phone}
            onChange={(event) => {
              // Formatted as typed (spec section 5); the schema counts the digits. The caret stays by its digit.
              const input = event.target;
              const inputType = (event.nativeEvent as InputEvent).inputType;
              const edit = phoneEdit(phoneBefore.current, input.value, input.selectionStart ?? input.value.length, inputType);
              input.value = edit.value;
              phoneBefore.current = edit.value;
              if (document.activeElement === input) input.setSelectionRange(edit.caret, edit.caret);
              return phone.onChange(event);
            }}
          />,
        )}
        {field(
          "serviceType",
          <select className={css.control} required defaultValue={defaults.serviceType ?? ""} {...describe("serviceType")} {...fields.serviceType}>
            <option value="">Select a service</option>
            {services.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>,
        )}
      </div>
      {field(
        "message",
        <textarea className={css.textarea} rows={5} placeholder="Tell us about your tree service needs..." required defaultValue={defaults.message} {...describe("message")} {...fields.message} />,
      )}
      <AntiSpamInputs form="contact" shownAt={shownAt} />
      <VisitOriginFields />
      {/* Last of the fields: the contact function reads the fields before the photos. */}
      <div className={css.field}>
        <label className={css.label} htmlFor="contact-photos">
          Photos <span className={css.optional}>(optional)</span>
        </label>
        <p className={css.note} id="contact-photos-hint">
          Up to {photoLimits.count} photos of the tree, from your camera or photo library.
        </p>
        <input
          ref={photoInput}
          className={css.photoInput}
          type="file"
          id="contact-photos"
          name={PHOTOS_FIELD}
          accept={PHOTO_ACCEPT}
          multiple
          data-picked={photos.length > 0 ? "" : undefined}
          aria-invalid={photoProblem ? true : undefined}
          aria-describedby={photoProblem ? "contact-photos-hint contact-photos-error" : "contact-photos-hint"}
          onChange={(event) => choosePhotos(event.currentTarget.files)}
        />
        {photos.length > 0 ? (
          <Suspense fallback={null}>
            <PhotoStrip
              photos={photos}
              onRemove={(photo) => {
                setPhotos((now) => now.filter((p) => p !== photo));
                // What was said of a photo may have been of this one; the next send says it again if not.
                setPhotoProblem(undefined);
              }}
            />
          </Suspense>
        ) : null}
        {photoProblem ? (
          <p className={css.error} id="contact-photos-error" role="alert">
            {photoProblem}
          </p>
        ) : null}
      </div>
      <button className={`${button.primary} ${css.submit}`} type="submit" disabled={isSubmitting}>
        {isSubmitting ? "Sending..." : "Send Message"}
      </button>
      <p className={css.note}>
        We use your details only to reply. <a href="/privacy">What we keep and how to have it deleted</a>.
      </p>
    </form>
  );
}

