import { LogOut } from "lucide-react";
import type { UserRecord } from "#domain/user.ts";
import { useT } from "#web/i18n/use-t.tsx";
import { type AccountChanges, AccountDetailsForm } from "./account-details-form.tsx";
import { profileMessages } from "./profile-messages.ts";

function initialsOf(user: UserRecord): string {
  const words = user.fullName.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 0 ? words.slice(0, 2).map((word) => Array.from(word)[0]) : [Array.from(user.email)[0]];
  return letters.join("").toUpperCase();
}

/**
 * Spec §2 profile sidebar: who is signed in, the account details with their edit, and sign-out.
 * A panel beside the record (above it on small screens), shown and hidden by the page's button.
 */
export function ProfileSidebar({
  id,
  hidden,
  user,
  save,
  saving,
  signOut,
  signingOut,
  signOutError,
}: {
  id: string;
  hidden: boolean;
  user: UserRecord;
  save: (changes: AccountChanges) => Promise<{ user: UserRecord }>;
  saving: boolean;
  signOut: () => void;
  signingOut: boolean;
  signOutError: string | null;
}) {
  const t = useT(profileMessages);
  return (
    <aside
      id={id}
      hidden={hidden}
      aria-label={t("account")}
      className="h-fit rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex items-center gap-3">
        <span
          className="grid size-12 shrink-0 place-items-center rounded-full bg-brand-800 text-lg font-bold text-white"
          aria-hidden="true"
        >
          {initialsOf(user)}
        </span>
        <div className="min-w-0">
          <p className="truncate font-semibold text-slate-900">{user.fullName || user.email}</p>
          <p className="truncate text-sm text-slate-600">{user.email}</p>
        </div>
      </div>
      <h2 className="mt-6 text-base font-bold text-slate-900">{t("accountDetails")}</h2>
      <div className="mt-3">
        <AccountDetailsForm user={user} save={save} saving={saving} />
      </div>
      <div className="mt-6 border-t border-slate-200 pt-5">
        <button
          type="button"
          onClick={signOut}
          aria-disabled={signingOut || undefined}
          className="flex h-11 w-full items-center justify-center gap-2 rounded-xl border border-slate-300 px-5 font-semibold text-slate-900 hover:border-red-700 hover:text-red-800 aria-disabled:cursor-wait"
        >
          <LogOut className="size-5" aria-hidden="true" />
          {t(signingOut ? "signingOut" : "signOut")}
        </button>
        {signOutError ? (
          <p role="alert" className="mt-2 text-sm font-medium text-red-700">
            {signOutError}
          </p>
        ) : null}
      </div>
    </aside>
  );
}
