import { useT } from "#web/i18n/use-t.tsx";
import { shellMessages } from "#web/shell/shell-messages.ts";

/** Shown while the first page's code loads (behind the splash, so normally never seen). */
export function AppLoading() {
  const t = useT(shellMessages);
  return (
    <div role="status" className="grid min-h-dvh place-items-center text-slate-700">
      {t("loading")}
    </div>
  );
}
