import { source } from "#domain/i18n/messages.ts";

/** The home page below the services (loaded after the page's own code): how it works, checks, hours. */
export const messages = source({
  howItWorksHeading: { message: "How it works", comment: "Home page: heading of the how-it-works section" },
  step: { message: "Step {number}", comment: "How it works: label of each numbered step" },
  stepChooseTitle: { message: "Choose a service", comment: "How it works, step 1: title" },
  stepChooseText: {
    message: "Pick what you need. Every option shows its price and about how long it takes.",
    comment: "How it works, step 1: text",
  },
  stepWhereTitle: { message: "Tell us where", comment: "How it works, step 2: title" },
  stepWhereText: {
    message: "Add the address where the mate should come, in one of the areas we serve.",
    comment: "How it works, step 2: text",
  },
  stepPayTitle: { message: "Confirm and pay", comment: "How it works, step 3: title" },
  stepPayText: {
    message: "Check the option and the price, then pay for your booking.",
    comment: "How it works, step 3: text",
  },
  stepMeetTitle: { message: "Meet your mate", comment: "How it works, step 4: title" },
  stepMeetText: {
    message: "We assign a verified mate to your booking and show you who is coming.",
    comment: "How it works, step 4: text",
  },
  whyVerified: { message: "Why verified mates", comment: "Home page: heading of the section on checks" },
  whyVerifiedLead: {
    message: "You are letting someone into your home. These are the checks every mate goes through.",
    comment: "Home page: line under Why verified mates",
  },
  checkIdTitle: { message: "Identity checked", comment: "Why verified mates, check 1: title" },
  checkIdText: {
    message: "Each mate's government ID is verified before they join Mates.",
    comment: "Why verified mates, check 1: text",
  },
  checkBackgroundTitle: { message: "Background checked", comment: "Why verified mates, check 2: title" },
  checkBackgroundText: {
    message: "We run a background check before a mate takes their first job.",
    comment: "Why verified mates, check 2: text",
  },
  checkTrainedTitle: { message: "Trained for the work", comment: "Why verified mates, check 3: title" },
  checkTrainedText: {
    message: "Mates are trained in the jobs they take on and in working inside people's homes.",
    comment: "Why verified mates, check 3: text (here 'mates' are the professionals)",
  },
  checkRatedTitle: { message: "Rated after every job", comment: "Why verified mates, check 4: title" },
  checkRatedText: {
    message: "You rate each job, and those ratings decide which mates keep getting bookings.",
    comment: "Why verified mates, check 4: text",
  },
  hoursLine: {
    message: "Mates work {hours}.",
    comment:
      "Home page, service hours band: {hours} is the days and times, e.g. 'Monday to Sunday, 6:00 AM to 9:00 PM'",
  },
  openNow: { message: "Open now.", comment: "Home page, service hours band: mates are working at this moment" },
  closedNow: { message: "Closed now.", comment: "Home page, service hours band: outside the service hours" },
});
