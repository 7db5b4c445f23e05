import { source } from "#domain/i18n/messages.ts";

export const messages = source({
  // Bookings list (profile)
  yourBookings: { message: "Your bookings", comment: "Profile: heading of the bookings list" },
  bookingsLoadError: {
    message: "Your bookings could not be loaded.",
    comment: "Profile: the bookings list failed to load",
  },
  upcoming: { message: "Upcoming", comment: "Bookings list: heading of upcoming bookings" },
  upcomingBookings: {
    message: "Upcoming bookings",
    comment: "Bookings list: name of the upcoming list (screen readers)",
  },
  past: { message: "Past", comment: "Bookings list: heading of past bookings" },
  pastBookings: { message: "Past bookings", comment: "Bookings list: name of the past list (screen readers)" },
  cancelledBookings: {
    message: "Cancelled bookings",
    comment: "Bookings list: name of the cancelled list (screen readers)",
  },
  nothingBooked: { message: "Nothing booked yet.", comment: "Bookings list: no bookings at all" },
  nothingComing: { message: "Nothing coming up.", comment: "Bookings list: no upcoming bookings, some past ones" },
  bookAMate: { message: "Book a mate", comment: "Link to the services, from an empty bookings list or booking page" },
  details: { message: "Details", comment: "Bookings list: opens a booking's details" },
  totalLine: {
    message: "Total {total}, GST {gst} included; {payment}",
    comment: "Booking details: the total, its GST, then how it is paid (one of the payment texts)",
  },
  paidWithCredit: {
    message: "paid with Mates credit",
    comment: "Booking details, how it is paid: all by Mates credit",
  },
  creditRestOnline: {
    message: "{credit} paid with Mates credit, the rest online",
    comment: "Booking details, how it is paid: part credit, the rest online",
  },
  creditRestAfter: {
    message: "{credit} paid with Mates credit, the rest after the service",
    comment: "Booking details, how it is paid: part credit, the rest to the mate after the work",
  },
  paidOnlineLower: { message: "paid online", comment: "Booking details, how it is paid: online" },
  payAfterService: {
    message: "pay after service",
    comment: "Booking details, how it is paid: to the mate after the work",
  },
  chooseAnotherTime: {
    message: "Choose another time",
    comment: "Bookings list: link when no mate was free at the time booked",
  },
  bookAgain: {
    message: "Book again",
    comment: "Bookings list: button that puts a past booking's services in the cart",
  },
  leftOut: {
    message: "{count, plural, one {One item was} other {# items were}} left out: {items}.",
    comment: "After Book again: which items could not go into the cart ({items} is a list of item texts)",
  },
  leftOutItem: { message: "{title} ({reason})", comment: "After Book again: one item left out and why" },
  reasonCartFull: { message: "your cart is full", comment: "After Book again: why an item was left out" },
  reasonNotOffered: { message: "no longer offered", comment: "After Book again: why an item was left out" },
  goToCart: { message: "Go to the cart", comment: "After Book again: link to the cart" },
  ratePrompt: { message: "How was your {services} on {date}?", comment: "Above the bookings list: asks for a rating" },
  rateIt: { message: "Rate it", comment: "Above the bookings list: link to rate a booking" },

  // Booking page: paying what is due
  payNow: { message: "Pay {amount} now", comment: "Button paying online the amount due" },

  // Cancel
  cancelFree: {
    message: "Cancelling is free now: nothing is charged, and your mate is freed for other work.",
    comment: "Cancel dialog: what cancelling costs, free",
  },
  cancelCharge: {
    message: "Your mate is already on the way, so cancelling now costs the visiting charge of {charge}.",
    comment: "Cancel dialog: what cancelling costs, the visiting charge",
  },
  refundAll: {
    message: "All {paid} you paid online is refunded to where you paid from.",
    comment: "Cancel dialog, after the cost: the whole online payment comes back",
  },
  refundPart: {
    message: "{back} of the {paid} you paid online is refunded to where you paid from.",
    comment: "Cancel dialog, after the cost: part of the online payment comes back",
  },
  cancelBooking: { message: "Cancel booking", comment: "Button opening the cancel dialog" },
  cancelTitle: { message: "Cancel this booking?", comment: "Cancel dialog: title" },
  cannotRestore: {
    message: "A cancelled booking cannot be restored; you can book again.",
    comment: "Cancel dialog: warning",
  },
  keepBooking: { message: "Keep booking", comment: "Cancel dialog: closes it without cancelling" },
  yesCancel: { message: "Yes, cancel", comment: "Cancel dialog: confirms a free cancellation" },
  cancelRefund: { message: "Cancel; {amount} comes back", comment: "Cancel dialog: confirms, with the refund" },
  cancelAndPay: { message: "Cancel and pay {amount}", comment: "Cancel dialog: confirms, with the visiting charge" },
  processing: { message: "Processing...", comment: "Any button while its request runs" },

  // Change time
  bookThisTime: { message: "Book this time instead", comment: "Change time: confirms the new time" },
  changeTime: { message: "Change time", comment: "Bookings list: button and section to move a booking" },
  changeTimeHint: {
    message: "Free until 3 hours before the start. Your mate keeps the booking if they are free at the new time.",
    comment: "Change time: the rule",
  },
  keepTime: { message: "Keep the time", comment: "Change time: closes it without changing" },

  // No-show rescue
  noShowTitle: { message: "Mate hasn't arrived?", comment: "Booking page: heading when the mate is late" },
  noShowText: {
    message:
      "We are sorry. Choose what happens now: another mate who is free now comes as soon as they can, or you cancel free of charge and get Mates credit for the trouble.",
    comment: "Booking page, mate late: the two choices (nothing paid online)",
  },
  noShowTextPaid: {
    message:
      "We are sorry. Choose what happens now: another mate who is free now comes as soon as they can, or you cancel free of charge, everything you paid online is refunded, and get Mates credit for the trouble.",
    comment: "Booking page, mate late: the two choices (paid online)",
  },
  cancelFreeButton: { message: "Cancel, free", comment: "Booking page, mate late: cancel button" },
  findAnotherMate: { message: "Find another mate now", comment: "Booking page, mate late: another mate button" },

  // Log in, slots, address and time
  loginToBook: { message: "Log in to book", comment: "Booking screens for a visitor: title" },
  loginHint: {
    message: "Your cart stays as it is; after logging in you continue right here.",
    comment: "Booking screens for a visitor: hint",
  },
  login: { message: "Login", comment: "Booking screens for a visitor: button" },
  today: { message: "Today, {date}", comment: "Time picker: today's day button" },
  day: { message: "Day", comment: "Time picker: name of the day buttons (screen readers)" },
  timesLoadError: { message: "Times could not be loaded.", comment: "Time picker: failed to load" },
  noMoreTimes: {
    message:
      "No more start times on this day (we start between {opens} and {closes}, at least 2 hours ahead). Choose another day.",
    comment: "Time picker: day with no start left ({opens}, {closes}: times of day)",
  },
  noMateOnDuty: {
    message: "No mate for this work is on duty on this day. Choose another day.",
    comment: "Time picker: nobody works that day",
  },
  startTime: { message: "Start time", comment: "Time picker: name of the time buttons (screen readers)" },
  bookedOut: { message: "{time}, booked out", comment: "Time picker: a full time (screen readers)" },
  booked: { message: "Booked", comment: "Time picker: under a full time" },
  addressAndTime: { message: "Address and time", comment: "Payment and booking page: name of the where/when box" },
  start: { message: "Start", comment: "Payment and booking page: label of the start time" },
  labelHome: { message: "Home", comment: "Address label (a kind of address)" },
  labelWork: { message: "Work", comment: "Address label (a kind of address)" },
  labelOther: { message: "Other", comment: "Address label (a kind of address)" },

  // Address form
  checkAddress: { message: "Please check the address.", comment: "Address form: something is wrong" },
  editAddress: { message: "Edit address", comment: "Address form: name and heading when editing" },
  newAddress: { message: "New address", comment: "Address form: name and heading when adding" },
  saveAs: { message: "Save as", comment: "Address form: choice of Home, Work, Other" },
  flat: { message: "Flat or house number", comment: "Address form field" },
  building: { message: "Building or society", comment: "Address form field" },
  street: { message: "Street or road", comment: "Address form field" },
  locality: { message: "Locality", comment: "Address form field (area of the city)" },
  useLocation: { message: "Use current location", comment: "Address form: button detecting the locality" },
  detecting: { message: "Detecting...", comment: "Address form: while detecting the location" },
  landmark: { message: "Landmark (optional)", comment: "Address form field" },
  pincode: { message: "Pincode", comment: "Address form field (6 digits)" },
  saveAddress: { message: "Save address", comment: "Address form: submit" },
  cancel: { message: "Cancel", comment: "Address form: closes it" },
  unserved: {
    message: "Mates is not available in {city} yet, so this address cannot be booked.",
    comment: "Address: a locality Mates does not serve",
  },
  servedAreas: {
    message: "Mates serves Mumbai's western suburbs from Andheri to Bhayandar, and Kelva.",
    comment: "Address form: where Mates works",
  },

  // Booking address page (/book/address)
  bookingAddress: { message: "Booking address", comment: "/book/address: page title and heading" },
  near: { message: "Near {landmark}", comment: "Address card: the landmark" },
  editLabelAddress: {
    message: "Edit {label} address",
    comment: "Address card: edit button name ({label}: Home, Work…)",
  },
  edit: { message: "Edit", comment: "Address card: edit button" },
  deleteLabelAddress: { message: "Delete {label} address", comment: "Address card: delete button name" },
  delete: { message: "Delete", comment: "Address card: delete button" },
  addressesLoadError: { message: "Your addresses could not be loaded.", comment: "/book/address: failed to load" },
  cartEmpty: { message: "Your cart is empty", comment: "/book/address and /booking/payment with an empty cart" },
  addServiceFirst: {
    message: "Add a service first, then choose where and when.",
    comment: "/book/address with an empty cart",
  },
  browseServices: { message: "Browse services", comment: "Link to the services from an empty cart" },
  whereMate: { message: "Where should the mate come?", comment: "/book/address: heading of the addresses" },
  addNewAddress: { message: "Add a new address", comment: "/book/address: opens the address form" },
  unservedKept: {
    message:
      "Your cart is kept; choose or add an address in Bhayandar, Mira Road, Dahisar, Borivali, Kandivali, Malad, Goregaon, Jogeshwari, Andheri or Kelva.",
    comment: "/book/address: after 'not available' for the chosen address (place names stay as they are)",
  },
  when: { message: "When?", comment: "/book/address: heading of the time picker" },
  continuePayment: { message: "Continue to payment", comment: "/book/address: next step" },

  // Payment page (/booking/payment)
  payment: { message: "Payment", comment: "/booking/payment: page title, heading and the payment choices" },
  payAfterLabel: { message: "Pay after service (cash or UPI to your mate)", comment: "Payment choice" },
  payAfterDetail: {
    message: "Nothing is charged now. Your mate gives you a receipt.",
    comment: "Payment choice detail",
  },
  onlineLabel: { message: "Pay now: UPI, card, net banking or wallet", comment: "Payment choice" },
  onlineDetail: {
    message: "Paid securely through Razorpay. Cancel in the free window and all of it comes back.",
    comment: "Payment choice detail",
  },
  payToConfirm: { message: "Pay {amount} to confirm your booking", comment: "Booking held for payment: heading" },
  creditPart: {
    message: "{credit} of your {total} booking is paid with your Mates credit.",
    comment: "Booking held for payment: the credit used",
  },
  payLater: {
    message: "Or pay later from <0>your booking</0> before the time above.",
    comment: "Booking held for payment: <0> links to the booking page",
  },
  bookingLoadError: { message: "Your booking could not be loaded.", comment: "/booking/payment: failed to load" },
  chooseFirst: { message: "Choose the address and time first", comment: "/booking/payment opened without them" },
  chooseAddressTime: { message: "Choose address and time", comment: "/booking/payment: link back to /book/address" },
  summary: { message: "Summary", comment: "/booking/payment: heading of what is booked" },
  itemAt: { message: "{option} × {quantity} at {price}", comment: "/booking/payment: option, quantity, unit price" },
  gstIncluded: { message: "GST included (18 %)", comment: "/booking/payment: the GST in the total" },
  total: { message: "Total", comment: "/booking/payment: the total" },
  toPay: { message: "To pay", comment: "/booking/payment: total less the credit" },
  onlineNotSetUp: {
    message: "Online payment is not set up yet, so you pay after the service.",
    comment: "/booking/payment: only pay after service is offered",
  },
  changeAddressTime: { message: "Change address or time", comment: "/booking/payment: after an error, link back" },
  confirmAndPay: { message: "Confirm and pay {amount}", comment: "/booking/payment: confirm button, paying now" },
  confirmBooking: { message: "Confirm booking", comment: "/booking/payment: confirm button" },

  // Booking page (/mate-assigning)
  noMateAt: { message: "No mate is free at {time}", comment: "Booking page: heading when nobody is free" },
  bookingKept: {
    message: "Your booking is kept. Choose another time and we assign a mate at once.",
    comment: "Booking page: nobody free, choose another time",
  },
  thisBookingLoadError: { message: "This booking could not be loaded.", comment: "Booking page: failed to load" },
  bookingCancelled: { message: "This booking is cancelled.", comment: "Booking page: live status" },
  taxInvoiceTo: {
    message: "Tax invoice to {name}, GSTIN {gstin}.",
    comment: "Booking page: the business the invoice is made out to",
  },
  reworkFree: {
    message: "Free: nothing to pay unless you approve extra work.",
    comment: "Booking page of a free re-work: the price",
  },
  bookedFor: {
    message: "Booked for {total} (GST included), {how}",
    comment: "Booking page: price and how it is paid ({how}: one of the next texts)",
  },
  howCredit: { message: "paid with your Mates credit.", comment: "Booking page, how it is paid: all credit" },
  howCreditRest: {
    message: "{credit} of it paid with your Mates credit, the rest {how}",
    comment: "Booking page, how it is paid: part credit, then one of the next texts",
  },
  howAfter: { message: "paid to your mate after the service.", comment: "Booking page, how it is paid" },
  howOnline: { message: "paid online.", comment: "Booking page, how it is paid: already paid online" },
  howToPayOnline: { message: "to be paid online.", comment: "Booking page, how it is paid: not yet paid online" },
  seeAllBookings: { message: "See all your bookings", comment: "Booking page: link to the profile" },
  noBookingWaiting: {
    message:
      "You have no booking waiting for a mate. After you book, this page shows the verified mate assigned to your booking.",
    comment: "Booking page opened without a booking",
  },
  flatProblem: {
    message: "Enter the flat or house number, in at most 60 characters.",
    comment:
      "Address form, Hindi and Marathi screens: the flat field is empty or too long (English shows the check's own words)",
  },
  localityProblem: {
    message: "Enter the locality, in 2 to 80 characters.",
    comment: "Address form, Hindi and Marathi screens: the locality is missing or too long",
  },
  pincodeProblem: { message: "Enter the 6-digit pincode.", comment: "Address form: the pincode is not 6 digits" },
  labelProblem: { message: "Choose Home, Work or Other.", comment: "Address form: no label chosen" },
  lineTooLong: {
    message: "One of the address lines is too long.",
    comment: "Address form, Hindi and Marathi screens: building, street or landmark is too long",
  },
});
