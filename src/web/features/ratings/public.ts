/** What other features and pages may use of ratings and reviews. */
export { RateBooking } from "./rate-booking.tsx";
export { useHideReview, useMateRatings, useOpsReviews } from "./ratings-api.ts";
export { ServiceReviews, Stars } from "./service-reviews.tsx";
