import { Component as BookingPanel } from "../islands/booking-panel";
import { Component as ContactPanel } from "../islands/contact-panel";
import { Component as ReviewForm } from "../islands/review-form";
import { island } from "./island";

// Every island of the site; each name is its file in src/islands/ (island.test.ts checks).
export const ContactPanelIsland = island("contact-panel", ContactPanel);
export const ReviewFormIsland = island("review-form", ReviewForm);
export const BookingPanelIsland = island("booking-panel", BookingPanel);
