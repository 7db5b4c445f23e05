import { lazyDateFormats } from "#domain/date-format.ts";
import type { UserRecord } from "#domain/user.ts";
import { activeLocale } from "#web/i18n/i18n.ts";
import { useT } from "#web/i18n/use-t.tsx";
import { profileMessages } from "./profile-messages.ts";

const memberSince = lazyDateFormats({ dateStyle: "long", timeZone: "Asia/Kolkata" });

function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : memberSince(activeLocale()).format(date);
}

/** Spec §3: the user record, as the server keeps it. Names are text: React escapes them. */
export function ProfileRecord({ user }: { user: UserRecord }) {
  const t = useT(profileMessages);
  const rows: [string, string][] = [
    [t("fullName"), user.fullName || t("notAddedYet")],
    [t("email"), user.email],
    [t("mobileNumber"), user.mobile ?? t("notAddedYet")],
    [t("userId"), user.uid],
    [t("role"), t("roleName", { role: user.role })],
    [t("memberSince"), formatDate(user.createdAt)],
  ];
  return (
    <section
      aria-labelledby="profile-record-heading"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="profile-record-heading" className="text-lg font-bold text-slate-900">
        {t("yourDetails")}
      </h2>
      <dl className="mt-4 divide-y divide-slate-100">
        {rows.map(([label, value]) => (
          <div key={label} className="grid gap-1 py-3 sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-4">
            <dt className="text-sm font-medium text-slate-600">{label}</dt>
            <dd className="break-words font-medium text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
