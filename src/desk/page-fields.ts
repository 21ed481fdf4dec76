import type { SitePageKind } from "./desk-routes";

// The fields of the site's own pages as the desk shows them (Services, Service areas, Home page):
// which value of the file each is (its path, the build's own name for it in `file: field: problem`),
// its label, and the group it is shown in. One list for the screen (src/desk/screens/site-page-screen.tsx)
// and the server (the desk server's pages/site-pages.ts), which fills and reads the fields by path.
//
// Labels: shared/CONTRACT.md names "Heading", "Subheading", "Hero photo", "Hero photo description";
// a check finds a field by a case-blind part of its label, so no other label here holds those words.

export type PageFieldKind = "text" | "long" | "lines" | "markdown";

export interface PageFieldSpec {
  /** The value's path in the file: "hero.heading"; `*` stands for each item of a list ("faqs.*.answer"). */
  path: string;
  /** `{n}` is the item's number. */
  label: string;
  kind: PageFieldKind;
  /** Left empty, the value is taken out of the file (the page then uses its default). */
  optional?: boolean;
  group: string;
}

export interface PageGroupSpec {
  id: string;
  heading: string;
  /** Shown open: the top of the page, which most changes are about. */
  open?: boolean;
}

/** The hero photo's file and description: where each kind keeps them (the description is an ordinary field). */
export const heroPhotoPaths: Record<SitePageKind, { src: string; alt: string }> = {
  service: { src: "heroImage", alt: "heroImageAlt" },
  town: { src: "heroImage", alt: "heroImageAlt" },
  home: { src: "hero.image", alt: "hero.imageAlt" },
};

const top: PageGroupSpec = { id: "top", heading: "Top of the page", open: true };
const search: PageGroupSpec = { id: "search", heading: "In search results" };

export const pageGroups: Record<SitePageKind, PageGroupSpec[]> = {
  service: [
    top,
    { id: "intro", heading: "Intro" },
    { id: "features", heading: "Why choose us" },
    { id: "process", heading: "How it works" },
    { id: "faqs", heading: "Questions and answers" },
    { id: "closing", heading: "Closing banner" },
    { id: "card", heading: "Name and card" },
    search,
  ],
  town: [
    top,
    { id: "intro", heading: "Intro" },
    { id: "features", heading: "Why choose us" },
    { id: "services", heading: "Services in this town" },
    { id: "closing", heading: "Closing banner" },
    search,
  ],
  home: [
    top,
    { id: "about", heading: "About" },
    { id: "benefits", heading: "Why choose us" },
    { id: "sections", heading: "Section titles" },
  ],
};

const alt = (path: string): PageFieldSpec => ({ path, label: "Hero photo description", kind: "text", optional: true, group: "top" });

export const pageFields: Record<SitePageKind, PageFieldSpec[]> = {
  service: [
    { path: "hero.heading", label: "Heading", kind: "text", group: "top" },
    { path: "hero.subheading", label: "Subheading", kind: "long", group: "top" },
    alt("heroImageAlt"),
    { path: "(body)", label: "Intro text", kind: "markdown", group: "intro" },
    { path: "features.*.title", label: "Reason {n}: title", kind: "text", group: "features" },
    { path: "features.*.description", label: "Reason {n}: text", kind: "long", group: "features" },
    { path: "process.heading", label: "Steps: title", kind: "text", group: "process" },
    { path: "process.intro", label: "Steps: lead-in", kind: "long", optional: true, group: "process" },
    { path: "process.steps.*.title", label: "Step {n}: title", kind: "text", group: "process" },
    { path: "process.steps.*.description", label: "Step {n}: text", kind: "long", group: "process" },
    { path: "faqs.*.question", label: "Question {n}", kind: "text", group: "faqs" },
    { path: "faqs.*.answer", label: "Answer {n}", kind: "long", group: "faqs" },
    { path: "cta.heading", label: "Banner title", kind: "text", group: "closing" },
    { path: "cta.text", label: "Banner text", kind: "long", group: "closing" },
    { path: "title", label: "Name in menus", kind: "text", group: "card" },
    { path: "card.title", label: "Card title", kind: "text", group: "card" },
    { path: "card.description", label: "Card text", kind: "long", group: "card" },
    { path: "card.badge", label: "Card badge", kind: "text", optional: true, group: "card" },
    { path: "metaTitle", label: "Title in search results", kind: "text", group: "search" },
    { path: "metaDescription", label: "Description in search results", kind: "long", group: "search" },
  ],
  town: [
    { path: "heading", label: "Heading", kind: "text", optional: true, group: "top" },
    { path: "subtitle", label: "Subheading", kind: "long", group: "top" },
    alt("heroImageAlt"),
    { path: "name", label: "Town name", kind: "text", group: "top" },
    { path: "intro.heading", label: "Intro title", kind: "text", group: "intro" },
    { path: "intro.paragraphs.*", label: "Intro paragraph {n}", kind: "long", group: "intro" },
    { path: "neighborhoods", label: "Neighborhoods, one a line", kind: "lines", optional: true, group: "intro" },
    { path: "features.*.title", label: "Reason {n}: title", kind: "text", group: "features" },
    { path: "features.*.description", label: "Reason {n}: text", kind: "long", group: "features" },
    { path: "services.*.name", label: "Service line {n}", kind: "text", group: "services" },
    { path: "closing.heading", label: "Banner title", kind: "text", group: "closing" },
    { path: "closing.line", label: "Banner text", kind: "long", group: "closing" },
    { path: "metaTitle", label: "Title in search results", kind: "text", group: "search" },
    { path: "metaDescription", label: "Description in search results", kind: "long", group: "search" },
    { path: "keywords", label: "Search words, one a line", kind: "lines", optional: true, group: "search" },
  ],
  home: [
    { path: "hero.heading", label: "Heading", kind: "text", group: "top" },
    { path: "hero.subheading", label: "Subheading", kind: "long", group: "top" },
    alt("hero.imageAlt"),
    { path: "about.heading", label: "About: title", kind: "text", group: "about" },
    { path: "about.paragraphs.*", label: "About paragraph {n}", kind: "long", group: "about" },
    { path: "benefits.*.title", label: "Reason {n}: title", kind: "text", group: "benefits" },
    { path: "benefits.*.description", label: "Reason {n}: text", kind: "long", group: "benefits" },
    { path: "sections.services.heading", label: "Services: title", kind: "text", group: "sections" },
    { path: "sections.services.intro", label: "Services: line", kind: "text", group: "sections" },
    { path: "sections.testimonials.heading", label: "Testimonials: title", kind: "text", group: "sections" },
    { path: "sections.testimonials.intro", label: "Testimonials: line", kind: "text", group: "sections" },
    { path: "sections.nativeTrees.heading", label: "Native trees: title", kind: "text", group: "sections" },
    { path: "sections.nativeTrees.intro", label: "Native trees: line", kind: "text", group: "sections" },
    { path: "sections.serviceAreas.heading", label: "Service areas: title", kind: "text", group: "sections" },
  ],
};

/** One field as a form shows it: the spec with the list items' numbers in, and its value. */
export interface PageField {
  /** Its path in the file, which is also its name in the form: "faqs.2.answer". */
  name: string;
  label: string;
  kind: PageFieldKind;
  optional: boolean;
  group: string;
  value: string;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** The value at a dotted path ("faqs.2.answer"). */
export function valueAt(data: unknown, path: string): unknown {
  return path.split(".").reduce<unknown>((v, key) => (Array.isArray(v) ? v[Number(key)] : isRecord(v) ? v[key] : undefined), data);
}

/** The fields of `kind` for a file holding `data` (and `body`, a service's Markdown): one per list item. */
export function pageFieldsOf(kind: SitePageKind, data: unknown, body = ""): PageField[] {
  const out: PageField[] = [];
  for (const spec of pageFields[kind]) {
    const star = spec.path.indexOf("*");
    const paths =
      star === -1
        ? [{ path: spec.path, n: 0 }]
        : (() => {
            const list = valueAt(data, spec.path.slice(0, star - 1));
            return (Array.isArray(list) ? list : []).map((_, i) => ({ path: spec.path.replace("*", String(i)), n: i + 1 }));
          })();
    for (const { path, n } of paths) {
      const raw = path === "(body)" ? body : valueAt(data, path);
      const value = spec.kind === "lines" ? (Array.isArray(raw) ? raw.map(String).join("\n") : "") : typeof raw === "string" || typeof raw === "number" ? String(raw) : "";
      out.push({ name: path, label: spec.label.replace("{n}", String(n)), kind: spec.kind, optional: spec.optional === true, group: spec.group, value });
    }
  }
  return out;
}
