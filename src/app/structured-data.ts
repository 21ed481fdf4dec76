import type {
  BlogPosting,
  BreadcrumbList,
  City,
  FAQPage,
  ImageGallery,
  ItemList,
  LocalBusiness,
  OpeningHoursSpecification,
  Service,
  WebPage,
  WithContext,
} from "schema-dts";
import { shareImage } from "../content/photo";
import type { Review } from "../content/review";
import type { Site } from "../content/site";
import type { SitePost } from "../content/site-content";
import type { SiteJob } from "../content/jobs";
import { absoluteUrl, SITE_SHARE_IMAGE } from "./head";
import { pathTo } from "../routes";

/**
 * Every JSON-LD builder of the site: pure functions of the content. <JsonLd> in
 * src/components/json-ld.tsx puts their result in the page.
 */

type BusinessNode = Exclude<LocalBusiness, string>;
type BusinessType = BusinessNode["@type"];

/** The schema.org types content/site.json may name in `businessType`; the spec's is HomeAndConstructionBusiness. */
const businessTypes = [
  "LocalBusiness",
  "HomeAndConstructionBusiness",
  "ProfessionalService",
  "GeneralContractor",
] as const satisfies readonly BusinessType[];

type KnownBusinessType = (typeof businessTypes)[number];

const isKnownBusinessType = (value: string): value is KnownBusinessType =>
  (businessTypes as readonly string[]).includes(value);

/**
 * An unknown name falls back to LocalBusiness, still valid schema.org, rather
 * than failing the build from inside a page render (site.ts keeps it a free string).
 */
export const businessType = (site: Site): KnownBusinessType =>
  isKnownBusinessType(site.businessType) ? site.businessType : "LocalBusiness";

/** One id for the business, so the Service entries on town and service pages point at the home page's node. */
export const businessId = (site: Site): string => `${site.url}/#business`;

const stateName: Record<string, string> = { SC: "South Carolina" };

/** A town in the business's state, as areaServed. */
export function city(site: Site, name: string): City {
  return {
    "@type": "City",
    name,
    containedInPlace: { "@type": "State", name: stateName[site.address.region] ?? site.address.region },
  };
}

function postalAddress(site: Site) {
  return {
    "@type": "PostalAddress",
    ...(site.address.streetAddress ? { streetAddress: site.address.streetAddress } : {}),
    addressLocality: site.address.locality,
    addressRegion: site.address.region,
    postalCode: site.address.postalCode,
    addressCountry: site.address.country,
  } as const;
}

/** Days with opening and closing times; a day with only a note ("Emergency only") has no regular hours. */
export function openingHours(site: Site): OpeningHoursSpecification[] {
  return site.hours.flatMap((h) =>
    h.opens && h.closes ? [{ "@type": "OpeningHoursSpecification", dayOfWeek: h.days, opens: h.opens, closes: h.closes }] : [],
  );
}

/** The short form of the business used as a Service's provider: enough to stand alone, linked by @id to the full node. */
function provider(site: Site): BusinessNode {
  return {
    "@type": businessType(site),
    "@id": businessId(site),
    name: site.name,
    url: absoluteUrl(site, "/"),
    telephone: site.phone.dial,
    address: postalAddress(site),
  };
}

export interface ServiceSummary {
  slug: string;
  title: string;
  description: string;
}

/** The full business for the home page: contact, hours, rating, the towns served and the six services offered. */
export function localBusinessData(
  site: Site,
  services: readonly ServiceSummary[],
  towns: readonly string[],
): WithContext<LocalBusiness> {
  return {
    "@context": "https://schema.org",
    "@type": businessType(site),
    "@id": businessId(site),
    name: site.name,
    description: site.tagline,
    url: absoluteUrl(site, "/"),
    image: `${site.url}/og-image.png`,
    telephone: site.phone.dial,
    email: site.email,
    address: postalAddress(site),
    geo: { "@type": "GeoCoordinates", latitude: site.geo.latitude, longitude: site.geo.longitude },
    openingHoursSpecification: openingHours(site),
    priceRange: site.priceRange,
    areaServed: towns.map((t) => city(site, t)),
    aggregateRating: {
      "@type": "AggregateRating",
      // schema.org readers expect "5.0", not 5, and the count as a whole number.
      ratingValue: site.rating.value.toFixed(1),
      reviewCount: site.rating.count,
      bestRating: 5,
      worstRating: 1,
    },
    sameAs: site.social.map((s) => s.url),
    hasOfferCatalog: {
      "@type": "OfferCatalog",
      name: "Tree Services",
      itemListElement: services.map((s) => ({
        "@type": "Offer",
        itemOffered: {
          "@type": "Service",
          name: s.title,
          description: s.description,
          url: absoluteUrl(site, pathTo.service(s.slug)),
        },
      })),
    },
  };
}

export interface ServiceDataInput {
  /** The service name: "Tree Removal", or "Tree Service in Irmo, SC" on a town page. */
  name: string;
  serviceType: string;
  description: string;
  /** The page's own path, e.g. "/locations/irmo-sc". */
  path: string;
  /** Town names the service covers. */
  towns: readonly string[];
}

/** A Service on a service or town page, provided by the business. */
export function serviceData(site: Site, input: ServiceDataInput): WithContext<Service> {
  const areas = input.towns.map((t) => city(site, t));
  return {
    "@context": "https://schema.org",
    "@type": "Service",
    name: input.name,
    serviceType: input.serviceType,
    description: input.description,
    url: absoluteUrl(site, input.path),
    provider: provider(site),
    // One town is one City; a service page lists every town served.
    areaServed: areas.length === 1 && areas[0] !== undefined ? areas[0] : areas,
  };
}

/** The FAQs of a service page, so search engines can show them as rich results. */
export function faqPageData(faqs: readonly { question: string; answer: string }[]): WithContext<FAQPage> {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: faqs.map((f) => ({
      "@type": "Question",
      name: f.question,
      acceptedAnswer: { "@type": "Answer", text: f.answer },
    })),
  };
}

export interface Crumb {
  name: string;
  /** Site-relative path: "/", "/services/tree-removal". */
  path: string;
}

/** The trail from home to the current page; <Breadcrumbs> shows the same trail. */
export function breadcrumbData(site: Site, trail: readonly Crumb[]): WithContext<BreadcrumbList> {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: trail.map((c, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: c.name,
      item: absoluteUrl(site, c.path),
    })),
  };
}

/** An index page's entries in order (/services, /locations), each linking to its page. */
export function itemListData(site: Site, name: string, items: readonly Crumb[]): WithContext<ItemList> {
  return {
    "@context": "https://schema.org",
    "@type": "ItemList",
    name,
    numberOfItems: items.length,
    itemListElement: items.map((item, i) => ({ "@type": "ListItem", position: i + 1, name: item.name, url: absoluteUrl(site, item.path) })),
  };
}

/** A plain page about the site itself (/privacy), published by the business. */
export function webPageData(site: Site, input: { name: string; description: string; path: string }): WithContext<WebPage> {
  return {
    "@context": "https://schema.org",
    "@type": "WebPage",
    name: input.name,
    description: input.description,
    url: absoluteUrl(site, input.path),
    publisher: { "@type": businessType(site), "@id": businessId(site), name: site.name },
  };
}

/**
 * /our-work: the gallery of the business's jobs, each photo an ImageObject whose caption says
 * which job and whether before or after, published by the business (the home page's node).
 */
export function workGalleryData(site: Site, jobs: readonly SiteJob[]): WithContext<ImageGallery> {
  return {
    "@context": "https://schema.org",
    "@type": "ImageGallery",
    name: "Our Work",
    url: absoluteUrl(site, pathTo.ourWork),
    publisher: { "@type": businessType(site), "@id": businessId(site), name: site.name },
    image: jobs.flatMap((job) =>
      (["before", "after"] as const).map((which) => {
        return {
          "@type": "ImageObject",
          contentUrl: absoluteUrl(site, shareImage(job[which].photo).url),
          caption: `${which === "before" ? "Before" : "After"}: ${job.service.title} in ${job.town.name}, ${site.address.region}. ${job[which].alt}`,
          datePublished: job.date,
        } as const;
      }),
    ),
  };
}

export type PostForStructuredData = Pick<SitePost, "slug" | "title" | "metaDescription" | "publishDate" | "author" | "category" | "cover">;

/**
 * BlogPosting for a post page. The author is the business itself unless the post
 * names a person (front matter `author:`); the publisher is always the business,
 * linked by @id to the home page's LocalBusiness node.
 */
export function blogPostingData(site: Site, post: PostForStructuredData): WithContext<BlogPosting> {
  const url = absoluteUrl(site, pathTo.post(post.slug));
  const business = { "@type": businessType(site), "@id": businessId(site), name: site.name, url: absoluteUrl(site, "/") } as const;
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: post.title,
    description: post.metaDescription,
    datePublished: post.publishDate,
    url,
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    image: absoluteUrl(site, post.cover ? shareImage(post.cover.photo).url : SITE_SHARE_IMAGE.path),
    author: post.author === site.name ? business : { "@type": "Person", name: post.author },
    publisher: business,
    inLanguage: "en-US",
    ...(post.category ? { articleSection: post.category } : {}),
  };
}

/** The fields of a review the pages and the JSON-LD show (no id needed beyond keys). */
export type ShownReview = Pick<Review, "id" | "name" | "location" | "rating" | "text" | "createdAt">;

/**
 * /reviews: the business node (the same @id as the home page's) with its approved
 * reviews as schema.org `Review`s.
 */
export function reviewsData(site: Site, reviews: readonly ShownReview[]): WithContext<LocalBusiness> {
  return {
    "@context": "https://schema.org",
    "@type": businessType(site),
    "@id": businessId(site),
    name: site.name,
    url: absoluteUrl(site, "/"),
    review: reviews.map((r) => ({
      "@type": "Review",
      author: { "@type": "Person", name: r.name },
      datePublished: r.createdAt.slice(0, 10),
      reviewBody: r.text,
      reviewRating: { "@type": "Rating", ratingValue: r.rating, bestRating: 5, worstRating: 1 },
    })),
  };
}

/**
 * The rating the home page's structured data states: site.json's `rating`, or, when
 * it says `"fromReviews": true` and there are approved reviews, their average and count.
 */
export function shownRating(
  rating: { value: number; count: number; fromReviews?: boolean },
  reviews: readonly Pick<Review, "rating">[],
): { value: number; count: number } {
  if (!rating.fromReviews || reviews.length === 0) return { value: rating.value, count: rating.count };
  const total = reviews.reduce((sum, r) => sum + r.rating, 0);
  return { value: Math.round((total / reviews.length) * 10) / 10, count: reviews.length };
}

/**
 * JSON for a <script type="application/ld+json">: `<` becomes \u003c so text
 * such as "</script>" in content cannot end the script element early.
 */
export const jsonLdText = (data: object): string => JSON.stringify(data).replace(/</g, "\\u003c");
