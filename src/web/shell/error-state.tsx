import { TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { useT } from "#web/i18n/use-t.tsx";
import { shellMessages } from "#web/shell/shell-messages.ts";

/** A failed load, saying what happened and offering a retry. */
export function ErrorState({
  title,
  message,
  onRetry,
  children,
}: {
  title: string;
  message: string;
  onRetry?: () => void;
  children?: ReactNode;
}) {
  const t = useT(shellMessages);
  return (
    <div role="alert" className="rounded-2xl border border-amber-300 bg-amber-50 p-5 text-amber-950">
      <div className="flex items-start gap-3">
        <TriangleAlert className="mt-0.5 size-5 shrink-0 text-amber-700" aria-hidden="true" />
        <div className="space-y-2">
          <p className="font-semibold">{title}</p>
          <p>{message}</p>
          {onRetry ? (
            <button
              type="button"
              onClick={onRetry}
              className="rounded-lg bg-amber-900 px-4 py-2 text-sm font-semibold text-white hover:bg-amber-800"
            >
              {t("tryAgain")}
            </button>
          ) : null}
          {children}
        </div>
      </div>
    </div>
  );
}
