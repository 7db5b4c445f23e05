import { source } from "#domain/i18n/messages.ts";

/** The mate app's frame and pages: its sections, headings and sign-in texts. */
export const messages = source({
  jobs: { message: "Jobs", comment: "Mate app: bottom bar section, the jobs list" },
  availability: { message: "Availability", comment: "Mate app: bottom bar section and page heading (working hours)" },
  earnings: { message: "Earnings", comment: "Mate app: bottom bar section and page heading (money)" },
  ratings: { message: "Ratings", comment: "Mate app: bottom bar section and page heading" },
  navLabel: { message: "Mate app", comment: "Mate app: name of the bottom navigation (screen readers)" },
  myJobs: { message: "My jobs", comment: "Mate app: the jobs page's heading and the browser tab's title" },
  loginTitle: { message: "Log in to see your jobs", comment: "Mate app: heading for someone not logged in" },
  loginHint: {
    message: "Use the e-mail address or the mobile number your Mates invitation was sent to.",
    comment: "Mate app: under the log in heading",
  },
  refusalTitle: {
    message: "This page is for Mates professionals",
    comment: "Mate app: a customer who opened /mate",
  },
  refusalHint: {
    message: "Mates get their account by invitation. Your bookings are in your profile.",
    comment: "Mate app: under the heading for a customer",
  },
});
