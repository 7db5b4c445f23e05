import { toast } from "sonner";
import { SESSION_KEYS, TIMINGS } from "#domain/constants.ts";
import { sessionToastId } from "#web/shell/session-toast.ts";
import { whenSplashGone } from "#web/shell/splash.ts";
import { sessionText } from "./session/session-messages.ts";

/**
 * Spec §4: "Welcome back, {name}!" (in the active language) for 2.5 s, once per browser session (sessionStorage `welcomed`,
 * which lives as long as the tab). Shown after the splash, where it can be seen.
 */
let shownHere = false;

function readWelcomed(): boolean {
  try {
    return window.sessionStorage.getItem(SESSION_KEYS.welcomed) !== null;
  } catch {
    return shownHere;
  }
}

function writeWelcomed(): void {
  shownHere = true;
  try {
    window.sessionStorage.setItem(SESSION_KEYS.welcomed, "true");
  } catch {
    // Private modes may refuse storage: the in-memory flag still holds for this page.
  }
}

let pending = false;

export async function welcomeOnce(name: string): Promise<void> {
  if (pending || shownHere || readWelcomed()) return;
  pending = true;
  try {
    await whenSplashGone();
    const text = await (name.trim() === "" ? sessionText("welcomeBackNoName") : sessionText("welcomeBack", { name }));
    if (readWelcomed()) return;
    writeWelcomed();
    toast(text, { id: sessionToastId("welcome"), duration: TIMINGS.welcomeToastMs });
  } finally {
    pending = false;
  }
}
