import { source } from "#domain/i18n/messages.ts";
import { TAG_TEXT } from "#domain/rating.ts";

export const messages = source({
  // Rating a finished booking (the booking's page).
  rateSection: {
    message: "Rate your booking",
    comment: "Booking page: name of the rating box, read by screen readers",
  },
  howDid: {
    message: "How did {mates} do?",
    comment: "Booking page: rating box heading; {mates} is the mates' first names or 'your mate'",
  },
  yourMate: { message: "your mate", comment: "Booking page: stands for {mates} when the mate's name is not known" },
  and: { message: "{first} and {second}", comment: "Booking page: two mates' first names joined in {mates}" },
  yourRating: { message: "Your rating", comment: "Rating form: label of the five stars" },
  starOption: {
    message: "{stars, plural, one {# star} other {# stars}}: {word}",
    comment: "Rating form: one star button, read by screen readers; {word} is Poor, Not good…",
  },
  star1: { message: "Poor", comment: "Rating form: the word for 1 star" },
  star2: { message: "Not good", comment: "Rating form: the word for 2 stars" },
  star3: { message: "Okay", comment: "Rating form: the word for 3 stars" },
  star4: { message: "Good", comment: "Rating form: the word for 4 stars" },
  star5: { message: "Excellent", comment: "Rating form: the word for 5 stars" },
  chooseStars: { message: "Choose 1 to 5 stars.", comment: "Rating form: error when no star is chosen" },
  wentWell: { message: "What went well?", comment: "Rating form: label of the tag chips" },
  tagOnTime: { message: TAG_TEXT.on_time, comment: "Rating tag chip (also in reviews): the mate was on time" },
  tagPolite: { message: TAG_TEXT.polite, comment: "Rating tag chip (also in reviews): the mate was polite" },
  tagQuality: { message: TAG_TEXT.quality, comment: "Rating tag chip (also in reviews): the work was good" },
  tagCleanedUp: {
    message: TAG_TEXT.cleaned_up,
    comment: "Rating tag chip (also in reviews): the mate cleaned up after the work",
  },
  comment: { message: "Comment", comment: "Rating form: label of the comment box" },
  optional: { message: "(optional)", comment: "Rating form: after 'Comment'" },
  addTip: { message: "Add a tip", comment: "Rating form: label of the tip choices" },
  tipHint: {
    message: "Added to your bill; your mate gets all of it.",
    comment: "Rating form: the line under 'Add a tip'",
  },
  noTip: { message: "No tip", comment: "Rating form: the tip choice of nothing" },
  otherAmount: {
    message: "Another amount in rupees",
    comment: "Rating form: label of the other-amount field, read out",
  },
  otherPlaceholder: { message: "Other ₹", comment: "Rating form: placeholder of the other-amount field (short)" },
  saveChanges: { message: "Save changes", comment: "Rating form: the submit button when changing a rating" },
  submitRating: { message: "Submit rating", comment: "Rating form: the submit button" },
  youRated: {
    message: "You rated {mates} {stars, plural, one {# star} other {# stars}}. Thank you!",
    comment: "Booking page: after rating; {mates} is the mates' first names",
  },
  youRatedTipped: {
    message: "You rated {mates} {stars, plural, one {# star} other {# stars}} and tipped {tip}. Thank you!",
    comment: "Booking page: after rating with a tip; {tip} is an amount like ₹100",
  },
  reviewHidden: {
    message: "Your review was hidden by the Mates team.",
    comment: "Booking page: the review was hidden by moderation",
  },
  changeRating: {
    message: "Change your rating (until {day})",
    comment: "Booking page: link to change the rating; {day} is a date like 4 December",
  },
  // A service's reviews (its page).
  outOfFive: {
    message: "{stars} out of 5 stars",
    comment: "Stars picture, read by screen readers; {stars} is like 4.5",
  },
  verified: { message: "Verified booking", comment: "Service page review: badge that the reviewer booked" },
  reviews: { message: "Reviews", comment: "Service page: heading of the reviews" },
  reviewsFailed: {
    message: "The reviews could not be loaded. {message}",
    comment: "Service page: error; {message} is the reason",
  },
  loadingReviews: { message: "Loading reviews…", comment: "Service page: while the reviews load" },
  noReviews: {
    message: "No reviews yet. Reviews come only from customers who booked this service.",
    comment: "Service page: no reviews",
  },
  fromReviews: {
    message: "from {count, plural, one {# review} other {# reviews}}",
    comment: "Service page: after the average stars",
  },
  newestFirst: { message: "Reviews, newest first", comment: "Service page: name of the review list, read out" },
  reviewPages: { message: "Review pages", comment: "Service page: name of the page buttons, read out" },
  newer: { message: "Newer reviews", comment: "Service page: button to the previous page of reviews" },
  older: { message: "Older reviews", comment: "Service page: button to the next page of reviews" },
  pageOf: { message: "Page {page} of {pages}", comment: "Service page: which page of reviews shows" },
});
