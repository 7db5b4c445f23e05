import * as Dialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import type { RefObject } from "react";
import { Link } from "react-router";
import { useT } from "#web/i18n/use-t.tsx";
import { AccountButton } from "#web/shell/account-button.tsx";
import { LanguageSelect } from "#web/shell/language/language-control.tsx";
import { Logo } from "#web/shell/logo.tsx";
import { useNavItems } from "#web/shell/nav-items.ts";
import { shellMessages } from "#web/shell/shell-messages.ts";

/** The mobile menu's sheet (loaded on first use): navigation and login, from the right. */
export function MobileMenuDialog({
  open,
  onOpenChange,
  returnFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opened the sheet: focus goes back to it on close. */
  returnFocus: RefObject<HTMLButtonElement | null>;
}) {
  const t = useT(shellMessages);
  const close = () => onOpenChange(false);
  const navItems = useNavItems();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus.current?.focus();
          }}
          className="fixed inset-y-0 right-0 z-50 flex w-[min(20rem,85vw)] flex-col gap-6 bg-white p-5 shadow-xl"
        >
          <div className="flex items-center justify-between">
            <Dialog.Title asChild>
              <h2>
                <span className="sr-only">{t("menu")}</span>
                <Logo />
              </h2>
            </Dialog.Title>
            <Dialog.Close
              aria-label={t("closeMenu")}
              className="grid size-11 place-items-center rounded-full text-slate-700 hover:bg-slate-100"
            >
              <X className="size-6" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">{t("menuDescription")}</Dialog.Description>
          <nav aria-label={t("mainNav")}>
            <ul className="flex flex-col gap-1">
              {navItems.map((item) => (
                <li key={item.to}>
                  <Link
                    to={item.to}
                    onClick={close}
                    className="block rounded-xl px-3 py-3 text-base font-semibold text-slate-900 hover:bg-brand-50"
                  >
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <LanguageSelect />
          <AccountButton className="w-full py-3 text-base" onAction={close} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
