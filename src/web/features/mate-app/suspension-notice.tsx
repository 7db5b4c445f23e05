import { CONTACT } from "#domain/contact.ts";
import { useMateProfile } from "./mate-api.ts";

/**
 * A suspended mate (issue 16) is told so on every screen of their app: no new jobs come, and the
 * jobs already under way are still theirs to finish.
 */
export function SuspensionNotice() {
  const profile = useMateProfile();
  if (!profile.data?.suspendedAt) return null;
  const desk = CONTACT.phones.find((phone) => phone.label === "Support");
  return (
    <p role="status" className="mb-4 rounded-2xl border border-red-200 bg-red-50 p-4 text-red-900">
      Your account is suspended by the Mates operations team: you get no new jobs for now. Jobs you have already started
      are still yours to finish.{desk ? ` Call ${desk.number} to talk to us.` : ""}
    </p>
  );
}
