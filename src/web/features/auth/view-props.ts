import type { LoginView } from "#web/shell/login-request.ts";

/** What each view of the login popup gets from the popup (login-dialog.tsx). */
export type RunOptions = {
  /** A line under "Processing..." saying what the person can do meanwhile. */
  hint?: string;
  /** Offers a Cancel button that aborts the task's signal (the Google window). */
  cancellable?: boolean;
};

export type ViewProps = {
  /** A request is running: the popup shows "Processing..." and takes no new submits. */
  busy: boolean;
  run: (task: (signal: AbortSignal) => Promise<void>, options?: RunOptions) => void;
  showView: (view: LoginView) => void;
  /** The e-mail typed so far, shared by the three views. */
  email: string;
  setEmail: (email: string) => void;
  /** Starts Google sign-in; must be called straight from the click (it opens a window). */
  startGoogle: () => void;
  /** Opens the mobile number step (issue 41) in place of the view. */
  startPhone: () => void;
  /** Signs in after the server has set the session cookie. */
  finish: (userInfo?: { name: string }) => Promise<void>;
};

/** A button that looks like a link: it switches views, it goes nowhere. */
export const linkButtonClass = "rounded font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-950";

/** The buttons of the other ways in under a view's form (Google, a mobile number). */
export const otherWayClass =
  "flex h-11 w-full items-center justify-center gap-3 rounded-xl border border-slate-300 bg-white px-4 font-semibold text-slate-900";

export const submitClass =
  "flex h-11 w-full items-center justify-center rounded-xl bg-brand-800 px-5 font-semibold text-white shadow-sm hover:bg-brand-900 aria-disabled:cursor-wait";

/** The message after "Login failed: " and the like: the server's own words where there are some. */
