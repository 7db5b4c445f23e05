import { MESSAGES } from "#domain/constants.ts";

/** Shown while the first page's code loads (behind the splash, so normally never seen). */
export function AppLoading() {
  return (
    <div role="status" className="grid min-h-dvh place-items-center text-slate-700">
      {MESSAGES.loading}
    </div>
  );
}
