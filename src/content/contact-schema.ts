// The rules a contact post must meet, with the spec's messages: the contact
// function checks every post with them and the browser form loads them when it
// first validates (src/components/contact-form.tsx). The fields, values and
// limits they check are in contact.ts.
// zod/mini, imported as a namespace: the browser bundles only the checks used here (see form-fields.ts).
import * as z from "zod/mini";
import { contactFields, limits, serviceTypeValues, type FieldErrors } from "./contact";
import { CONTROL_CHARACTER, messagesByField, noHiddenCharacters, noLineBreaks, requiredText, singleLineText } from "./form-fields";

const countDigits = (value: string): number => value.replace(/\D/g, "").length;

export const contactSchema = z.object(
  {
    name: singleLineText("Name", "Name is required", limits.nameMin, limits.nameMax),
    email: z.pipe(
      requiredText(
        "Email",
        "Email is required",
        noLineBreaks("Email"),
        noHiddenCharacters("Email"),
        z.maxLength(limits.emailMax, { error: `Email must be at most ${limits.emailMax} characters`, abort: true }),
      ),
      z.email({ error: "Invalid email address" }),
    ),
    phone: requiredText(
      "Phone number",
      "Phone number is required",
      noLineBreaks("Phone number"),
      noHiddenCharacters("Phone number"),
      z.maxLength(limits.phoneMax, { error: `Phone number must be at most ${limits.phoneMax} characters`, abort: true }),
      z.refine<string>((value) => countDigits(value) >= limits.phoneMinDigits, `Phone number must be at least ${limits.phoneMinDigits} digits`),
    ),
    // An enum never matches a value with a line break, so no extra check is needed here.
    serviceType: z.enum(serviceTypeValues, { error: "Please select a service" }),
    message: requiredText(
      "Message",
      "Message is required",
      z.refine<string>((value) => !CONTROL_CHARACTER.test(value), { error: "Message must not contain control characters", abort: true }),
      z.minLength(limits.messageMin, `Message must be at least ${limits.messageMin} characters`),
      z.maxLength(limits.messageMax, `Message must be at most ${limits.messageMax} characters`),
    ),
  },
  { error: "Send the form fields as one object" },
);


export type ContactInput = z.infer<typeof contactSchema>;

export function fieldErrors(error: z.core.$ZodError): FieldErrors {
  return messagesByField(error, contactFields);
}
