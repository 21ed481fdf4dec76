import { describe, expect, it } from "vitest";
import { siteSchema } from "../content/site";
import siteJson from "../../content/site.json";
import type { Review } from "../content/review";
import { homeTestimonials } from "./home-testimonials";
import { shownRating } from "../app/structured-data";

const review = (name: string, rating: number): Review => ({
  id: name,
  name,
  location: "Irmo, SC",
  rating,
  text: `${name} liked the work.`,
  approved: true,
  createdAt: "2025-05-01T00:00:00.000Z",
});
const fallback = [
  { name: "Sarah M.", location: "Chapin, SC", rating: 5, text: "Static one." },
  { name: "David R.", location: "Irmo, SC", rating: 5, text: "Static two." },
];

describe("home testimonials", () => {
  it("shows the two newest approved reviews, topped up with home.json's", () => {
    expect(homeTestimonials([], fallback).map((t) => t.name)).toEqual(["Sarah M.", "David R."]);
    expect(homeTestimonials([review("Newest", 4)], fallback).map((t) => t.name)).toEqual(["Newest", "Sarah M."]);
    expect(homeTestimonials([review("A", 5), review("B", 4), review("C", 3)], fallback).map((t) => t.name)).toEqual(["A", "B"]);
  });

  it("states site.json's rating unless it says fromReviews, then the approved reviews' average and count", () => {
    const site = siteSchema.parse(siteJson);
    const reviews = [review("A", 5), review("B", 4), review("C", 4)];
    expect(shownRating(site.rating, reviews)).toEqual({ value: site.rating.value, count: site.rating.count });
    const computed = { ...site.rating, fromReviews: true };
    expect(shownRating(computed, reviews)).toEqual({ value: 4.3, count: 3 });
    expect(shownRating(computed, [])).toEqual({ value: site.rating.value, count: site.rating.count });
  });
});
