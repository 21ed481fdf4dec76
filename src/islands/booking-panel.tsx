// "Book a free estimate" as an island (src/app/island.tsx); the form is src/components/booking-form.tsx.
export { BookingForm as Component } from "../components/booking-form";
