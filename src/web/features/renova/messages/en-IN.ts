import { source } from "#domain/i18n/messages.ts";

/** Renova service pages: the price guide, the free site visit and the gallery of past work. */
export const messages = source({
  perSqFt: { message: "about {price} per sq ft", comment: "Renova price guide: price per square foot under an option" },
  perRoom: { message: "per room", comment: "Renova price guide: the option's price is for one room" },
  perSwitchboard: {
    message: "per switchboard",
    comment: "Renova price guide: the option's price is for one switchboard",
  },
  forFlat: {
    message: "for a {rooms} BHK",
    comment: "Renova price guide: the price is for a flat of {rooms} BHK (e.g. 2 BHK)",
  },
  priceGuide: { message: "Price guide", comment: "Renova page: heading of the price guide" },
  priceRange: {
    message:
      "{low} to {high}, depending on the size of the job. The site visit fixes the exact figure in writing before any work starts.",
    comment: "Renova price guide: {low} and {high} are prices like ₹4,999",
  },
  siteVisit: { message: "Free site visit", comment: "Renova page, side column: heading of the site visit box" },
  siteVisitText: {
    message: "A supervisor measures, checks for seepage and leaves a written quotation within 48 hours. No obligation.",
    comment: "Renova page, site visit box: text",
  },
  bookSiteVisit: { message: "Book a free site visit", comment: "Renova page, site visit box: button" },
  galleryHeading: {
    message: "The kind of work we finish",
    comment: "Renova page: heading of three pictures of past work",
  },
  livingTitle: {
    message: "A living room repainted in a warm ochre with a white accent wall and a new sofa",
    comment: "Renova gallery: description of picture 1, read by screen readers",
  },
  bathTitle: {
    message: "A bathroom retiled with light wall tiles, anti-skid floor tiles and a new shower",
    comment: "Renova gallery: description of picture 2, read by screen readers",
  },
  kitchenTitle: {
    message: "An L-shaped modular kitchen with handle-less shutters, a quartz counter and a chimney",
    comment: "Renova gallery: description of picture 3, read by screen readers",
  },
  livingCaption: {
    message: "2 BHK in Kandivali West: walls and ceilings repainted in 6 days",
    comment: "Renova gallery: caption of picture 1",
  },
  bathCaption: {
    message: "Bathroom in Borivali East: retiled and waterproofed in 5 days",
    comment: "Renova gallery: caption of picture 2",
  },
  kitchenCaption: {
    message: "Kitchen in Andheri West: L-shaped modular kitchen in 3 weeks",
    comment: "Renova gallery: caption of picture 3",
  },
});
