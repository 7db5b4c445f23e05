import { PanelLeft } from "lucide-react";
import { type ReactNode, Suspense, useEffect, useRef } from "react";
import { Link, Navigate, useNavigate } from "react-router";
import { PhoneSettings } from "#web/features/auth/public.ts";
import { useMe, useUpdateMe } from "#web/features/auth/session-query.ts";
import { useSignOut } from "#web/features/auth/use-sign-out.ts";
import { BookingsList } from "#web/features/booking/bookings-list.tsx";
import { NotificationSettings } from "#web/features/notifications/public.ts";
import { CreditAccountSection } from "#web/features/payments/public.ts";
import { BusinessSettings } from "#web/features/profile/business-settings.tsx";
import { profileMessages } from "#web/features/profile/profile-messages.ts";
import { ProfileRecord } from "#web/features/profile/profile-record.tsx";
import { ProfileSidebar } from "#web/features/profile/profile-sidebar.tsx";
import { useProfileSidebar } from "#web/features/profile/use-profile-sidebar.ts";
import { useT } from "#web/i18n/use-t.tsx";
import { ErrorState } from "#web/shell/error-state.tsx";
import { LoadingState } from "#web/shell/loading-state.tsx";
import { useAuthToken } from "#web/shell/use-auth-token.ts";
import { usePageMeta } from "#web/shell/use-page-meta.ts";

const SIDEBAR_ID = "profile-sidebar";

function SignedInProfile() {
  const t = useT(profileMessages);
  usePageMeta(t("pageTitle"));
  const me = useMe();
  const update = useUpdateMe();
  const navigate = useNavigate();
  // Sign-out goes home and waits until this page is gone before the token goes.
  const left = useRef<(() => void) | null>(null);
  useEffect(() => () => left.current?.(), []);
  const signOut = useSignOut(
    () =>
      new Promise<void>((resolve) => {
        left.current = resolve;
        void navigate("/");
      }),
  );
  const [sidebarOpen, setSidebarOpen] = useProfileSidebar();

  let body: ReactNode;
  if (me.isPending) body = <LoadingState />;
  else if (me.isError)
    body = <ErrorState title={t("loadFailed")} message={me.error.message} onRetry={() => me.refetch()} />;
  // null: the session has ended; the token goes with it and this page sends the visitor home.
  else if (!me.data) body = <LoadingState />;
  else {
    const { user } = me.data;
    body = (
      <div className="mt-6 grid gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]">
        <ProfileSidebar
          id={SIDEBAR_ID}
          hidden={!sidebarOpen}
          user={user}
          save={(changes) => update.mutateAsync(changes)}
          saving={update.isPending}
          signOut={() => {
            if (!signOut.isPending) signOut.mutate();
          }}
          signingOut={signOut.isPending}
          signOutError={signOut.error ? t("stillSignedIn", { message: signOut.error.message }) : null}
        />
        <div className={`space-y-6 ${sidebarOpen ? "" : "lg:col-span-2"}`}>
          <ProfileRecord user={user} />
          {user.role === "customer" ? (
            <Suspense fallback={<LoadingState />}>
              <PhoneSettings user={user} />
            </Suspense>
          ) : null}
          <BookingsList />
          <CreditAccountSection />
          <BusinessSettings />
          <NotificationSettings />
          <p className="text-slate-700">
            {t("needSomething")}{" "}
            <Link
              to="/#services"
              className="font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-950"
            >
              {t("bookMate")}
            </Link>
          </p>
        </div>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 lg:px-6 lg:py-14">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-950 sm:text-4xl">{t("pageTitle")}</h1>
        <button
          type="button"
          aria-expanded={sidebarOpen}
          aria-controls={SIDEBAR_ID}
          onClick={() => setSidebarOpen(!sidebarOpen)}
          className="inline-flex items-center gap-2 rounded-xl border border-slate-300 bg-white px-4 py-2.5 font-semibold text-slate-900 hover:border-brand-700 hover:text-brand-900"
        >
          <PanelLeft className="size-5" aria-hidden="true" />
          {t(sidebarOpen ? "hideAccountMenu" : "accountMenu")}
        </button>
      </div>
      {body}
    </div>
  );
}

/** /profile: only with an authToken in local storage (spec §2, §6); otherwise home. */
export function ProfilePage() {
  const token = useAuthToken();
  // The layout has already remembered "/profile" as redirectAfterLogin (see app-layout.tsx).
  if (!token) return <Navigate to="/" replace />;
  return <SignedInProfile />;
}
