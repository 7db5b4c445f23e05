/** What other features and pages may use of help on bookings (issue 38). */

export { CaseView, MyCases } from "./case-view.tsx";
export { GetHelp } from "./get-help.tsx";
export { useCaseEvents } from "./help-api.ts";
export { helpMessages } from "./help-messages.ts";
export { PhotoField, PhotoStrip } from "./photo-field.tsx";
export { photoProblem } from "./photos.ts";
