import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { siteSchema, type Site } from "../content/site";
import {
  breadcrumbData,
  businessType,
  faqPageData,
  jsonLdText,
  localBusinessData,
  openingHours,
  serviceData,
} from "./structured-data";

const site: Site = siteSchema.parse(JSON.parse(readFileSync("content/site.json", "utf8")));
const towns = Array.from({ length: 20 }, (_, i) => `Town ${i + 1}`);
const services = Array.from({ length: 6 }, (_, i) => ({ slug: `s-${i}`, title: `Service ${i}`, description: `About ${i}` }));

describe("localBusinessData", () => {
  const data = localBusinessData(site, services, towns);

  it("carries the business facts from content/site.json", () => {
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "HomeAndConstructionBusiness",
      name: site.name,
      telephone: site.phone.dial,
      email: site.email,
      priceRange: "$$",
      address: { addressLocality: "Chapin", addressRegion: "SC", postalCode: "29036", addressCountry: "US" },
      geo: { "@type": "GeoCoordinates", latitude: site.geo.latitude, longitude: site.geo.longitude },
      aggregateRating: { "@type": "AggregateRating", ratingValue: "5.0", reviewCount: 47 },
    });
  });

  it("serves every town as a City in South Carolina and offers every service", () => {
    const json = JSON.parse(jsonLdText(data));
    expect(json.areaServed).toHaveLength(20);
    expect(json.areaServed[0]).toEqual({ "@type": "City", name: "Town 1", containedInPlace: { "@type": "State", name: "South Carolina" } });
    expect(json.hasOfferCatalog.itemListElement).toHaveLength(6);
    expect(json.hasOfferCatalog.itemListElement[0].itemOffered).toMatchObject({
      "@type": "Service",
      name: "Service 0",
      url: "https://cedarridgetree.example/services/s-0",
    });
  });
});

describe("openingHours", () => {
  it("lists days with times and leaves out the emergency-only Sunday", () => {
    expect(openingHours(site)).toEqual([
      { "@type": "OpeningHoursSpecification", dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "07:00", closes: "18:00" },
      { "@type": "OpeningHoursSpecification", dayOfWeek: ["Saturday"], opens: "08:00", closes: "16:00" },
    ]);
  });
});

describe("businessType", () => {
  it("falls back to LocalBusiness for a name schema.org does not know here", () => {
    expect(businessType({ ...site, businessType: "TreeWizard" })).toBe("LocalBusiness");
  });
});

describe("serviceData", () => {
  it("names the business as provider and one town as a City", () => {
    const data = serviceData(site, { name: "Tree Service in Irmo, SC", serviceType: "Tree Service", description: "d", path: "/locations/irmo-sc", towns: ["Irmo"] });
    expect(data).toMatchObject({
      "@type": "Service",
      serviceType: "Tree Service",
      url: "https://cedarridgetree.example/locations/irmo-sc",
      provider: { "@type": "HomeAndConstructionBusiness", "@id": "https://cedarridgetree.example/#business", name: site.name },
      areaServed: { "@type": "City", name: "Irmo" },
    });
  });
});

describe("faqPageData and breadcrumbData", () => {
  it("turns FAQs into questions with accepted answers", () => {
    expect(faqPageData([{ question: "Q?", answer: "A." }]).mainEntity).toEqual([
      { "@type": "Question", name: "Q?", acceptedAnswer: { "@type": "Answer", text: "A." } },
    ]);
  });

  it("numbers the trail from 1 with absolute URLs", () => {
    const trail = breadcrumbData(site, [{ name: "Home", path: "/" }, { name: "Irmo, SC", path: "/locations/irmo-sc" }]);
    expect(trail.itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: "Home", item: "https://cedarridgetree.example/" },
      { "@type": "ListItem", position: 2, name: "Irmo, SC", item: "https://cedarridgetree.example/locations/irmo-sc" },
    ]);
  });
});

describe("jsonLdText", () => {
  it("escapes < so content cannot close the script element", () => {
    const text = jsonLdText({ name: "</script><script>alert(1)</script>" });
    expect(text).not.toContain("<");
    expect(JSON.parse(text)).toEqual({ name: "</script><script>alert(1)</script>" });
  });
});
