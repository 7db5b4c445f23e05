/**
 * Toasts belong to the page they were shown on and go when the person moves to another page, so that
 * none covers the next page's controls ("Added to your cart" lay over the address page's search box,
 * issue 36). A few speak of the session rather than of a page and are left to their own time: the
 * welcome (spec §4: 2.5 s) and the cart brought in at sign-in, which a sign-in's own navigation would
 * otherwise take away unread. They carry an id made here.
 */
const PREFIX = "session:";

export function sessionToastId(name: string): string {
  return `${PREFIX}${name}`;
}

export function isSessionToast(id: string | number): boolean {
  return typeof id === "string" && id.startsWith(PREFIX);
}
