import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link, NavLink } from "react-router";
import type { Role } from "#domain/user.ts";
import { useMe } from "#web/features/auth/session-query.ts";
import { useT } from "#web/i18n/use-t.tsx";
import { publicPagesMessages } from "#web/pages/public/public-pages-messages.ts";
import { AccountButton } from "#web/shell/account-button.tsx";
import { Logo } from "#web/shell/logo.tsx";
import { SkipLink } from "#web/shell/skip-link.tsx";
import { useAuthToken } from "#web/shell/use-auth-token.ts";

/** A section of the area; its icon shows in the bottom bar. */
export type RoleSection = { to: string; label: string; icon?: LucideIcon; end?: boolean };

/**
 * The frame of a professional's own area (decision 050), in place of the customers' header: the
 * brand (a link to the area's first section), the signed-in person's name and their account, the
 * area's sections, and the page in <main>. No service search, cart or location: nobody here is
 * shopping. Only its role sees the sections, the name and `banner`; everyone else sees the brand,
 * Login or Profile, and what the page's RoleGate tells them.
 *
 * `sectionsAt: "bottom"` is the mate app's: the sections are a bar at the foot of the screen, with
 * `banner` a one-line strip just above it, both stuck to the bottom edge so that neither pushes the
 * page down (on a wide screen too: the bar is the app's one navigation, in the same place). `"top"`
 * puts them in a row under the header, which scrolls sideways on a phone (the console's seven).
 */
export function RoleShell({
  forRole,
  navLabel,
  sections,
  sectionsAt,
  banner,
  width,
  children,
}: {
  forRole: Role;
  navLabel: string;
  sections: readonly RoleSection[];
  sectionsAt: "bottom" | "top";
  banner?: ReactNode;
  /** The page's column: a Tailwind max-width class. */
  width: string;
  children: ReactNode;
}) {
  const t = useT(publicPagesMessages);
  const token = useAuthToken();
  const me = useMe();
  const user = token && me.data?.user.role === forRole ? me.data.user : null;
  const bottom = sectionsAt === "bottom";

  const nav = user ? (
    <nav aria-label={navLabel} className={bottom ? "border-t border-slate-200 bg-white" : undefined}>
      <ul className={`mx-auto flex ${width} ${bottom ? "" : "gap-2 overflow-x-auto px-4 py-2 lg:px-6"}`}>
        {sections.map((section) => (
          <li key={section.to} className={bottom ? "flex-1" : "shrink-0"}>
            <NavLink
              to={section.to}
              end={section.end ?? false}
              className={({ isActive }) =>
                bottom
                  ? `flex flex-col items-center gap-1 py-2 text-xs font-semibold ${isActive ? "text-brand-900" : "text-slate-700 hover:text-brand-900"}`
                  : `block rounded-full px-4 py-2 text-sm font-semibold ${isActive ? "bg-brand-800 text-white" : "text-brand-900 hover:bg-brand-50"}`
              }
            >
              {bottom && section.icon ? <section.icon className="size-6" aria-hidden="true" /> : null}
              {section.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  ) : null;

  return (
    <div className="flex flex-1 flex-col">
      <SkipLink />
      <header className="sticky top-0 z-40 border-b border-slate-200 bg-white">
        <div className={`mx-auto flex ${width} items-center gap-3 px-4 py-2 lg:px-6`}>
          <Link
            to={sections[0]?.to ?? "/"}
            aria-label={t("brandSection", { section: sections[0]?.label ?? t("sectionHome") })}
            className="mr-auto shrink-0 rounded-xl"
          >
            <Logo />
          </Link>
          {user ? <p className="min-w-0 truncate text-sm font-semibold text-slate-800">{user.fullName}</p> : null}
          <AccountButton className="shrink-0" />
        </div>
        {bottom ? null : nav}
      </header>
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <div className={`mx-auto ${width} px-4 py-4 lg:px-6`}>{children}</div>
      </main>
      {bottom && user ? (
        <div className="sticky bottom-0 z-40">
          {banner}
          {nav}
        </div>
      ) : null}
    </div>
  );
}
