import * as z from "zod";
import { blogCategoriesSchema } from "./blog-categories";
import { parseKeptFor, shortestDays } from "./kept-for";

const time = z.string().regex(/^\d{2}:\d{2}$/, "expected a 24-hour time like 07:00");
const dayName = z.enum(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]);

const DIAL = /^\+\d{7,15}$/;

/**
 * The phone number as people read it; the number call buttons dial (tel:) is
 * made from it, so it is written once. A US number of 10 digits (or 1 + 10)
 * dials as +1…; any other number needs its international form in `dial`,
 * which, when given, must agree with what is shown.
 */
const phoneSchema = z
  .union([z.string(), z.object({ display: z.string(), dial: z.string().optional() })], {
    error: 'expected the phone number as text, like "(803) 555-0142"',
  })
  .transform((value, ctx) => {
    const { display, dial } = typeof value === "string" ? { display: value, dial: undefined } : value;
    const digits = display.replace(/\D/g, "");
    const fromDisplay = digits.length === 10 ? `+1${digits}` : digits.length === 11 && digits.startsWith("1") ? `+${digits}` : undefined;
    if (display.trim() === "" || digits.length < 7) {
      ctx.addIssue({ code: "custom", message: 'expected the phone number as people read it, like "(803) 555-0142"' });
      return z.NEVER;
    }
    if (dial !== undefined && !DIAL.test(dial)) {
      ctx.addIssue({ code: "custom", path: ["dial"], message: "expected an international number like +18035550142" });
      return z.NEVER;
    }
    if (dial !== undefined && fromDisplay !== undefined && dial !== fromDisplay) {
      ctx.addIssue({ code: "custom", path: ["dial"], message: `is ${dial} but phone.display "${display}" dials ${fromDisplay}: remove dial (it is worked out from display) or make them agree` });
      return z.NEVER;
    }
    const resolved = dial ?? fromDisplay;
    if (resolved === undefined) {
      ctx.addIssue({ code: "custom", path: ["dial"], message: 'is needed for a number outside the US: add "dial" with the international form, like +441632960123' });
      return z.NEVER;
    }
    return { display: display.trim(), dial: resolved };
  });

/** An IANA zone name ("America/New_York"): dates the owner sees and writes are in it. */
const timeZoneSchema = z
  .string()
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat("en-US", { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'expected a time zone name like "America/New_York"')
  .default("America/New_York");

/** The business facts in content/site.json: every page, the JSON-LD, the email and the footer read them. */
export const siteSchema = z.object({
  name: z.string().min(1),
  shortName: z.string().min(1),
  tagline: z.string().min(1),
  url: z.url().transform((u) => u.replace(/\/+$/, "")),
  phone: phoneSchema,
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
  /** How fast an emergency crew usually arrives, shown in the hero's emergency card: "Crew on site typically within 1-2 hours". */
  emergencyResponse: z.string().min(1).optional(),
  /** Short trust points shown once per page (the hero's emergency card, the footer's last line): "ISA-certified arborists". */
  credentials: z.array(z.string().min(1)).default([]),
  social: z.array(z.object({ name: z.string().min(1), url: z.url() })),
  priceRange: z.string().min(1),
  rating: z.object({
    value: z.number().min(0).max(5),
    count: z.number().int().nonnegative(),
    /** true: the home page states the average and count of the approved reviews instead (src/app/structured-data.ts, shownRating). */
    fromReviews: z.boolean().default(false),
  }),
  businessType: z.string().min(1),
  foundingYear: z.number().int(),
  /**
   * What in content/ is still made up and must be replaced before launch (README
   * "Before launch"): a field of this file ("phone") or "file: field" elsewhere
   * ("home.json: testimonials"). Every build prints a one-line reminder while any
   * remains (scripts/build-engine/placeholders.ts); remove each entry once it is real.
   */
  placeholders: z.array(z.string().min(1)).default([]),
  /**
   * How long contact messages and booked estimate visits are kept before they are deleted: "two
   * years", "18 months", "90 days". The privacy page says it in these words, and the servers delete
   * by them (the servers' retention sweep, with kept-for.ts).
   */
  messagesKeptFor: z
    .string()
    .refine((text) => parseKeptFor(text) !== undefined, 'expected a length of time like "two years", "18 months" or "90 days"')
    .default("two years"),
  /**
   * How long the daily visit counts (page views, call taps, where visitors came from) are
   * kept before they are deleted: "13 months". The privacy page says it, and the servers
   * delete by it (kept-for.ts). At least two weeks: the weekly summary compares two.
   */
  visitsKeptFor: z
    .string()
    .refine((text) => parseKeptFor(text) !== undefined, 'expected a length of time like "13 months", "2 years" or "90 days"')
    .refine((text) => {
      const keptFor = parseKeptFor(text);
      return keptFor === undefined || shortestDays(keptFor) >= 14;
    }, "must be at least 2 weeks: the weekly summary compares this week with the one before")
    .default("13 months"),
  /**
   * How the owner's one-tap answers start (the desk's message screen: Text and Email back), the
   * business's own words with blanks the desk fills from the message: [first name], [business],
   * [service], [town] (src/format/reply-start.ts). Default: "Hi [first name], this is [business]
   * about your tree in [town]."
   */
  replyStart: z.string().trim().min(1).max(300).optional(),
  /** The business's time zone: new posts' dates (npm run new-post), times in npm run submissions. */
  timeZone: timeZoneSchema,
  /** The blog's categories: filter buttons, category pages, and the only values a post's category may have (src/content/blog-categories.ts). */
  blogCategories: blogCategoriesSchema,
});

export type Site = z.infer<typeof siteSchema>;
