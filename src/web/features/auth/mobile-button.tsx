import { Smartphone } from "lucide-react";
import { useAuthT } from "./use-auth-t.ts";
import { otherWayClass } from "./view-props.ts";

/** "Continue with mobile number" (issue 41): under the Google button of the login and sign-up views. */
export function MobileButton({ busy, onStart }: { busy: boolean; onStart: () => void }) {
  const { t } = useAuthT();
  return (
    <button
      type="button"
      onClick={() => {
        if (!busy) onStart();
      }}
      aria-disabled={busy || undefined}
      className={`${otherWayClass} hover:border-brand-700 hover:bg-slate-50`}
    >
      <Smartphone className="size-5 shrink-0 text-slate-700" aria-hidden="true" />
      {t("continueWithMobile")}
    </button>
  );
}
