import { lazy, Suspense, useRef, useState } from "react";
import { useT } from "#web/i18n/use-t.tsx";
import { MenuIcon } from "#web/shell/shell-icons.tsx";
import { shellMessages } from "#web/shell/shell-messages.ts";

const MobileMenuDialog = lazy(() =>
  import("#web/shell/mobile-menu-dialog.tsx").then((m) => ({ default: m.MobileMenuDialog })),
);

/** Below md: a menu button opening the header's links and login in a sheet. */
export function MobileMenu({ className = "" }: { className?: string }) {
  const t = useT(shellMessages);
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-label={t("menu")}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
        className={`grid size-11 place-items-center rounded-full text-brand-900 hover:bg-brand-50 ${className}`}
      >
        <MenuIcon className="size-6" />
      </button>
      {used ? (
        <Suspense fallback={null}>
          <MobileMenuDialog open={open} onOpenChange={setOpen} returnFocus={buttonRef} />
        </Suspense>
      ) : null}
    </>
  );
}
