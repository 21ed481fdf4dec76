import * as z from "zod";

// The parts of a Lighthouse result (LH.Result, lighthouse 12) that npm run audit reads.
// Parsed rather than trusted: a Lighthouse upgrade that moves a field fails here, by name.

const auditSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** null for audits that are informative, manual, not applicable, or that errored. */
  score: z.number().nullable(),
  scoreDisplayMode: z.string(),
  displayValue: z.string().optional(),
  numericValue: z.number().optional(),
  errorMessage: z.string().optional(),
  /** Shaped per audit; read with detailItemsSchema where needed. */
  details: z.unknown().optional(),
});

const categorySchema = z.object({
  id: z.string(),
  title: z.string(),
  score: z.number().nullable(),
  auditRefs: z.array(z.object({ id: z.string(), weight: z.number() })),
});

export const lighthouseResultSchema = z.object({
  requestedUrl: z.string().optional(),
  categories: z.record(z.string(), categorySchema),
  audits: z.record(z.string(), auditSchema),
  /** Set when the run itself failed (e.g. NO_NAVSTART: a trace without a navigation); the scores are then meaningless. */
  runtimeError: z.object({ code: z.string(), message: z.string() }).optional(),
  /** Lighthouse's CPU benchmark of this machine: the simulated throttling is scaled by it. */
  environment: z.object({ benchmarkIndex: z.number() }),
});

const nodeSchema = z.object({ selector: z.string().optional(), nodeLabel: z.string().optional(), snippet: z.string().optional() });

const detailItemSchema = z.object({
  url: z.string().optional(),
  node: nodeSchema.optional(),
  wastedBytes: z.number().optional(),
  wastedMs: z.number().optional(),
  /** bootup-time: CPU milliseconds of one script. */
  total: z.number().optional(),
  /** layout-shifts: the shift's share of CLS. */
  score: z.number().optional(),
});

/** Tables and opportunities list items; largest-contentful-paint-element lists tables of items. */
export const detailItemsSchema = z.object({
  items: z.array(detailItemSchema.extend({ items: z.array(detailItemSchema).optional() })),
});

export type LighthouseResult = z.infer<typeof lighthouseResultSchema>;
export type LighthouseAudit = z.infer<typeof auditSchema>;
export type DetailItem = z.infer<typeof detailItemSchema>;
