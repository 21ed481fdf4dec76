// The rules a booking post must meet: the contact form's rules for the fields it shares with it
// (contact-schema.ts: name, email, phone, serviceType, message, with the spec's messages), and
// the visit's own: a time, a street address and a town. The booking function checks every post
// with them; the island loads them when it first validates. Whether the time is still free and
// the town one that is visited is the booking function's to say.
import * as z from "zod/mini";
import { bookingFields, bookingLimits, type BookingErrors } from "./booking";
import { contactSchema } from "./contact-schema";
import { messagesByField, requiredText, singleLineText } from "./form-fields";

const contactRules = contactSchema.shape;

export const bookingSchema = z.object(
  {
    start: requiredText("Time", "Please pick a time", z.refine<string>((value) => !Number.isNaN(Date.parse(value)) && /^\d{4}-\d{2}-\d{2}T/.test(value), { error: "Please pick a time", abort: true })),
    name: contactRules.name,
    email: contactRules.email,
    phone: contactRules.phone,
    address: singleLineText("Street address", "Street address is required", bookingLimits.addressMin, bookingLimits.addressMax),
    town: singleLineText("Town", "Please pick your town", 2, bookingLimits.townMax),
    serviceType: contactRules.serviceType,
    message: contactRules.message,
  },
  { error: "Send the booking fields as one object" },
);

export type BookingInput = z.infer<typeof bookingSchema>;

export function bookingErrors(error: z.core.$ZodError): BookingErrors {
  return messagesByField(error, bookingFields);
}
