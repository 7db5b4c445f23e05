/** Where the end-to-end environment listens, shared by playwright.config.ts, the web server and the tests. */
const port = Number(process.env.E2E_PORT ?? 3100);

export const E2E = {
  port,
  /** How every test's Chromium starts: the system's own, never a downloaded one. */
  chromiumLaunch: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  },
  origin: `http://localhost:${port}`,
  inboxPort: port + 1,
  inboxUrl: `http://127.0.0.1:${port + 1}`,
  /** The local OpenID Connect provider playing Google: its sign-in pages are another origin. */
  googlePort: port + 2,
  googleOrigin: `http://127.0.0.1:${port + 2}`,
  /** The local Razorpay stand-in: its API, its Checkout script and its test controls. */
  razorpayPort: port + 3,
  razorpayUrl: `http://127.0.0.1:${port + 3}`,
  /** How long before a start mates may set off here: two days (see e2e-server.ts). */
  setOffWindowMinutes: 2 * 24 * 60,
  /** Who issues the invoices in the tests. */
  seller: { legalName: "Mates Home Services Private Limited", gstin: "27AABCM1234F1ZX" },
  /** Accounts the local Google stand-in knows: log in on its page with the key as the login name. */
  googleAccounts: {
    asha: {
      name: "Asha Patil",
      email: "asha.patil@gmail.test",
      picture: "https://lh3.googleusercontent.test/asha.png",
    },
  } as Record<string, { name?: string; email: string; picture?: string }>,
  /** The operator invited before the server starts, as `npm run ops -- create-operator` does. */
  operator: "desk.operator@mates.test",
  /** A second operator, for the console's own frame (role-shells.spec.ts), which runs beside the first's journeys. */
  frameOperator: "frame.operator@mates.test",
  /** Seeded mates invited before the server starts (the pest-control mates, two AC mates, a plumber, an electrician, a carpenter, a cleaner), by mate id. */
  mates: {
    "mate-009": "rajesh.yadav@mates.test",
    "mate-010": "imran.qureshi@mates.test",
    "mate-011": "santosh.patil@mates.test",
    "mate-012": "vikas.sharma@mates.test",
    "mate-021": "anthony.fernandes@mates.test",
    "mate-018": "sachin.chavan@mates.test",
    "mate-024": "vijay.vishwakarma@mates.test",
    "mate-013": "farhan.ansari@mates.test",
    "mate-004": "lata.shinde@mates.test",
  } as Record<string, string>,
};
