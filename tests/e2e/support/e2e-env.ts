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
  /**
   * The server's DATA_DIR, below the repository's root: one per port, so that two runs side by side
   * never share (or delete) each other's. Its outbox/ holds the SMS codes (no SMS_PROVIDER here).
   */
  dataDir: `.data-e2e-${port}`,
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
  /**
   * The day, as its place among the booking's Day buttons (today is 0), on which journeys that take
   * whichever mate is free book electricians, plumbers and the other trades of the named mates
   * (`mates`), who are booked on days 1, 2 and 6: two days from each, so that a run across midnight
   * in Mumbai, which moves the later journeys' days on by one, still keeps them apart.
   */
  anyMateDay: 4,
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
  /** A third, for the resolution desk's journeys (help-desk.spec.ts). */
  helpOperator: "help.desk@mates.test",
  /** A fourth, for the desk's money journeys (help-money.spec.ts). */
  moneyOperator: "help.money@mates.test",
  /** A fifth, for the journey of Mates credit from the desk to the next booking (help-credit.spec.ts). */
  creditOperator: "help.credit@mates.test",
  /** A sixth, for the journey of a week's pay from the jobs to the payout (payouts.spec.ts). */
  payoutOperator: "payouts.desk@mates.test",
  /** A seventh, who invites mate-020 by SMS (mate-sms-invite.spec.ts; no other journey uses that mate). */
  smsOperator: "sms.invites@mates.test",
  /**
   * Seeded mates invited before the server starts (the pest-control mates, AC mates, a plumber,
   * electricians, a carpenter, a cleaner), by mate id. Each is the named mate of one journey, the
   * nearest mate for the work at the home it books, tomorrow at the first free time: mate-009
   * mate-journey.spec, mate-011 mobile.spec, mate-010 payments.spec (the bill paid after the job),
   * mate-012 chat.spec, mate-013 business-invoice.spec, mate-018 rework.spec (and its re-work two
   * days on), mate-021 ratings.spec, mate-024 role-shells.spec, mate-015 help-money.spec (AC
   * service in Malad), mate-016 help-credit.spec (an electrician in Malad), mate-022 payouts.spec
   * (a plumber in Malad, two jobs tomorrow), mate-014 i18n-mate.spec (AC service in Mira Road, the
   * mate app in Marathi), mate-017 i18n-screens.spec (an electrician in Kelva); mate-004
   * mate-journey.spec, six days ahead. The journeys share one server, and an assignment takes the nearest mate who is free:
   * another journey's booking in the same trade at an overlapping time takes a named mate as soon
   * as the mates nearer to it are busy then, and the named mate's journey finds its job with another.
   * So journeys that take whichever mate is free book these trades on `anyMateDay`, or book work
   * no named mate does that day (cleaning: live-booking.spec, notifications.spec). A named mate's
   * invitation link works once and their first free time goes to their journey's own booking, so
   * those journeys run once per server: prove them by whole runs, not `--repeat-each`.
   */
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
    "mate-015": "pradeep.nair@mates.test",
    "mate-016": "ganesh.salunkhe@mates.test",
    "mate-022": "dinesh.mhatre@mates.test",
    "mate-014": "nitin.sawant@mates.test",
    "mate-017": "mohammed.rafiq@mates.test",
  } as Record<string, string>,
};
