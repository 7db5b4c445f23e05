import type { ReactNode } from "react";
import { Link } from "react-router";
import { useT } from "#web/i18n/use-t.tsx";
import { AccountButton } from "#web/shell/account-button.tsx";
import { CartLink } from "#web/shell/cart-link.tsx";
import { LanguageSelect } from "#web/shell/language/language-control.tsx";
import { LocationButton } from "#web/shell/location-button.tsx";
import { Logo } from "#web/shell/logo.tsx";
import { MobileMenu } from "#web/shell/mobile-menu.tsx";
import { useNavItems } from "#web/shell/nav-items.ts";
import { shellMessages } from "#web/shell/shell-messages.ts";

/**
 * Spec §2 header: logo, Home, Book-a-Mate, Contact, service search, location, cart, Login.
 * One row from md up; below md the search takes a second row and the links move into a menu.
 * The search box comes from the search feature, passed in by the page layout.
 */
export function Header({ search }: { search: ReactNode }) {
  const t = useT(shellMessages);
  const navItems = useNavItems();
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-2 gap-y-2 px-4 py-2 md:flex-nowrap md:gap-x-4 md:py-3 lg:px-6">
        <Link to="/" aria-label={t("brandHome")} className="order-1 mr-auto shrink-0 rounded-xl md:mr-0">
          <Logo />
        </Link>
        <nav aria-label={t("mainNav")} className="order-2 hidden md:block">
          <ul className="flex items-center gap-1">
            {navItems.map((item) => (
              <li key={item.to}>
                <Link
                  to={item.to}
                  className="rounded-lg px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-brand-50 hover:text-brand-900"
                >
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="order-last w-full md:order-3 md:w-auto md:min-w-0 md:flex-1">{search}</div>
        <LanguageSelect className="order-2 hidden md:order-4 md:flex" />
        <LocationButton className="order-3 md:order-4" />
        <CartLink className="order-4 md:order-5" />
        <div className="order-5 hidden md:order-6 md:block">
          <AccountButton />
        </div>
        <MobileMenu className="order-6 md:hidden" />
      </div>
    </header>
  );
}
