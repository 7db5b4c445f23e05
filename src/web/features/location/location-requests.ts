import { createRequestMailbox } from "#web/lib/request-mailbox.ts";
import { OPEN_LOCATION_EVENT } from "#web/shell/location-store.ts";

/** Requests to open the location picker, kept until the lazily loaded location feature takes them. */
export const locationRequests = createRequestMailbox<void>();

/** main.tsx: from the first moment, so no early click is lost. */
export function listenForLocationRequests(): void {
  window.addEventListener(OPEN_LOCATION_EVENT, () => locationRequests.post());
}
