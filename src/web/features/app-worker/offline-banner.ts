import { OFFLINE_NOTICE } from "#domain/installable-app.ts";

/**
 * While the device is offline, a banner at the foot of the screen says so and what will not work
 * (decision 037). The live region (role="status") stays in the page, empty and taking no room while
 * online, so that screen readers announce the notice when it appears; it sits below the splash and
 * the dialogs and lets clicks through to the page under it.
 */
export function showOfflineBanner(): void {
  const region = document.createElement("div");
  region.setAttribute("role", "status");
  region.className = "pointer-events-none fixed inset-0 z-40 grid items-end p-3";
  document.body.append(region);

  const update = () => {
    if (navigator.onLine) {
      region.replaceChildren();
      return;
    }
    if (region.firstChild) return;
    const notice = document.createElement("p");
    notice.className =
      "mx-auto max-w-3xl rounded-xl bg-amber-900 px-4 py-3 text-center text-sm font-medium text-white shadow-lg";
    notice.textContent = OFFLINE_NOTICE;
    region.append(notice);
  };
  window.addEventListener("online", update);
  window.addEventListener("offline", update);
  update();
}
