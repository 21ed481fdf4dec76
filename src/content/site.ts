import { z } from "zod";

const time = z.string().regex(/^\d{2}:\d{2}$/, "expected a 24-hour time like 07:00");
const dayName = z.enum(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]);

/** The business facts in content/site.json: every page, the JSON-LD, the email and the footer read them. */
export const siteSchema = z.object({
  name: z.string().min(1),
  shortName: z.string().min(1),
  tagline: z.string().min(1),
  url: z.url().transform((u) => u.replace(/\/+$/, "")),
  phone: z.object({
    display: z.string().min(1),
    dial: z.string().regex(/^\+\d{7,15}$/, "expected an international number like +18035550142"),
  }),
  email: z.email(),
  address: z.object({
    streetAddress: z.string().optional(),
    locality: z.string().min(1),
    region: z.string().min(1),
    postalCode: z.string().min(1),
    country: z.string().length(2),
  }),
  geo: z.object({ latitude: z.number(), longitude: z.number() }),
  hours: z
    .array(
      z.object({
        label: z.string().min(1),
        days: z.array(dayName).min(1),
        opens: time.optional(),
        closes: time.optional(),
        note: z.string().optional(),
      }),
    )
    .min(1),
  emergencyLine: z.string().min(1),
  social: z.array(z.object({ name: z.string().min(1), url: z.url() })),
  priceRange: z.string().min(1),
  rating: z.object({ value: z.number().min(0).max(5), count: z.number().int().nonnegative() }),
  businessType: z.string().min(1),
  foundingYear: z.number().int(),
});

export type Site = z.infer<typeof siteSchema>;
