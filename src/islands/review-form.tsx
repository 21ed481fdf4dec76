// The "Leave a review" form as an island (src/app/island.tsx); the component is src/components/review-form.tsx.
export { ReviewForm as Component } from "../components/review-form";
