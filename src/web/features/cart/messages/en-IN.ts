import { source } from "#domain/i18n/messages.ts";

export const messages = source({
  yourCart: { message: "Your cart", comment: "/cart: page title and heading" },
  eachAbout: {
    message: "{price} each · about {duration}",
    comment: "Cart item: price of one and how long it takes ({duration} like '1 hr 30 min')",
  },
  oneLess: {
    message: "One less of {name}",
    comment: "Cart item: minus button (screen readers); {name}: service, option",
  },
  quantityOf: { message: "Quantity of {name}", comment: "Cart item: the quantity (screen readers)" },
  oneMore: { message: "One more of {name}", comment: "Cart item: plus button (screen readers)" },
  removeItem: { message: "Remove {name}", comment: "Cart item: remove button (screen readers)" },
  remove: { message: "Remove", comment: "Cart item: remove button" },
  noLongerOffered: {
    message: "An item you added earlier ({service}, {option}) is no longer offered.",
    comment: "Cart: an item that is no longer sold",
  },
  loadError: { message: "Your cart could not be loaded.", comment: "/cart: failed to load" },
  empty: { message: "Your cart is empty", comment: "/cart: nothing in it" },
  emptyHint: {
    message: "Add a service and the option you need; it waits here until you book.",
    comment: "/cart: nothing in it, what to do",
  },
  browseServices: { message: "Browse services", comment: "/cart: link to the services" },
  items: { message: "Items", comment: "/cart: heading of the items (screen readers)" },
  summary: { message: "Summary", comment: "/cart: heading of the total box" },
  itemCount: { message: "{count, plural, one {# item} other {# items}}", comment: "/cart summary: how many items" },
  totalSr: { message: ", total ", comment: "/cart summary, between the count and the total (screen readers only)" },
  pricesNote: {
    message: "Prices include GST. You choose the address and time next, and pay your mate after the service.",
    comment: "/cart summary: what comes next",
  },
  proceed: { message: "Proceed to book", comment: "/cart: button to booking" },
  loginNote: {
    message: "You will be asked to log in; your cart comes with you.",
    comment: "/cart for a visitor: under Proceed to book",
  },
  addToCart: { message: "Add to cart", comment: "Service page: button adding the chosen option" },
  processing: { message: "Processing...", comment: "Add to cart button while adding" },
  addFailed: { message: "Could not add to your cart: {message}", comment: "Toast: adding failed ({message}: why)" },
  added: {
    message: "{count, plural, one {Added to your cart} other {# items added to your cart}}",
    comment: "Toast: items added",
  },
  viewCart: { message: "View cart", comment: "Toast button: opens the cart" },
  changeFailed: { message: "Your cart could not be changed: {message}", comment: "Toast: changing a quantity failed" },
  mergeLeftOut: {
    message: "{count, plural, one {One item} other {# items}} from before you logged in could not be added: {items}.",
    comment: "Toast after logging in: items of the visitor's cart not added",
  },
  mergeFailed: {
    message: "Your cart from before you logged in could not be added yet. It is kept and tried again.",
    comment: "Toast after logging in: the visitor's cart could not be added",
  },
});
