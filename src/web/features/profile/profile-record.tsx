import { lazyDateFormat } from "#domain/date-format.ts";
import type { UserRecord } from "#domain/user.ts";

const memberSince = lazyDateFormat("en-IN", { dateStyle: "long", timeZone: "Asia/Kolkata" });

function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : memberSince.format(date);
}

/** Spec §3: the user record, as the server keeps it. Names are text: React escapes them. */
export function ProfileRecord({ user }: { user: UserRecord }) {
  const rows: [string, string][] = [
    ["Full Name", user.fullName || "Not added yet"],
    ["Email", user.email],
    ["Mobile Number", user.mobile ?? "Not added yet"],
    ["User ID", user.uid],
    ["Role", user.role.charAt(0).toUpperCase() + user.role.slice(1)],
    ["Member since", formatDate(user.createdAt)],
  ];
  return (
    <section
      aria-labelledby="profile-record-heading"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="profile-record-heading" className="text-lg font-bold text-slate-900">
        Your details
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
