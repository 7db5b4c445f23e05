import { CONTACT } from "#domain/contact.ts";
import { useT } from "#web/i18n/use-t.tsx";
import { useMateProfile } from "./mate-api.ts";
import { mateAppMessages } from "./mate-app-messages.ts";

/**
 * A suspended mate (issue 16) is told so on every screen of their app: no new jobs come, and the
 * jobs already under way are still theirs to finish.
 */
export function SuspensionNotice() {
  const t = useT(mateAppMessages);
  const profile = useMateProfile();
  if (!profile.data?.suspendedAt) return null;
  const desk = CONTACT.phones.find((phone) => phone.label === "Support");
  return (
    <p role="status" className="mb-4 rounded-2xl border border-red-200 bg-red-50 p-4 text-red-900">
      {t("suspended")}
      {desk ? t("suspendedCall", { number: desk.number }) : ""}
    </p>
  );
}
