import { useT } from "#web/i18n/use-t.tsx";
import { shellMessages } from "#web/shell/shell-messages.ts";

/** "Loading..." (spec §2) with a spinner, announced politely. */
export function LoadingState({ className = "" }: { className?: string }) {
  const t = useT(shellMessages);
  return (
    <div role="status" className={`flex items-center justify-center gap-2 py-12 text-slate-700 ${className}`}>
      <span
        className="size-5 animate-spin rounded-full border-2 border-brand-200 border-t-brand-700"
        aria-hidden="true"
      />
      <span>{t("loading")}</span>
    </div>
  );
}
