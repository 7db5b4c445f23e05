import { Clock, Mail, MapPin, Phone } from "lucide-react";
import { Link, useNavigate } from "react-router";
import { SERVICE_GROUPS } from "#domain/constants.ts";
import { CONTACT } from "#domain/contact.ts";
import { useT } from "#web/i18n/use-t.tsx";
import { telHref } from "#web/shell/contact-links.ts";
import { footerMessages } from "#web/shell/footer/footer-messages.ts";
import { LanguageLinks } from "#web/shell/language/language-control.tsx";
import { Logo } from "#web/shell/logo.tsx";
import { ABOUT_LINKS, phoneLabel } from "#web/shell/shell-links.ts";
import { shellMessages } from "#web/shell/shell-messages.ts";

const headingClass = "text-sm font-bold uppercase tracking-wider text-brand-200";
const linkClass = "rounded text-slate-200 underline-offset-4 hover:text-white hover:underline";

/**
 * Spec §2 footer (home route only): the group buttons, company links to the /about anchors,
 * address, three phone numbers, e-mail, social links; spec §1: the service hours.
 */
export function Footer() {
  const t = useT(shellMessages);
  const f = useT(footerMessages);
  const navigate = useNavigate();
  const year = new Date().getFullYear();

  return (
    <footer id="contact" className="on-dark bg-brand-950 text-slate-200">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-[1.3fr_1fr_1fr_1.4fr] lg:px-6">
        <div className="space-y-4">
          <Logo tone="dark" />
          <p className="text-lg font-semibold text-white">{t("tagline")}</p>
          <p className="flex items-start gap-2">
            <Clock className="mt-0.5 size-5 shrink-0 text-brand-300" aria-hidden="true" />
            <span>
              <span className="block font-semibold text-white">{t("serviceHoursHeading")}</span>
              {t("serviceHours")}
            </span>
          </p>
        </div>

        <nav aria-labelledby="footer-services">
          <h2 id="footer-services" className={headingClass}>
            {f("footerServices")}
          </h2>
          <ul className="mt-4 flex flex-col items-start gap-2">
            {SERVICE_GROUPS.map((group) => (
              <li key={group}>
                <button
                  type="button"
                  onClick={() => navigate(`/?tab=${group}#services`)}
                  className="rounded-lg border border-brand-700 px-4 py-1.5 font-semibold text-white hover:border-brand-300 hover:bg-brand-900"
                >
                  {group}
                </button>
              </li>
            ))}
          </ul>
        </nav>

        <nav aria-labelledby="footer-company">
          <h2 id="footer-company" className={headingClass}>
            {f("footerCompany")}
          </h2>
          <ul className="mt-4 space-y-2">
            {ABOUT_LINKS.map((anchor) => (
              <li key={anchor.id}>
                <Link to={`/about#${anchor.id}`} className={linkClass}>
                  {f(anchor.key)}
                </Link>
              </li>
            ))}
            <li>
              <Link to="/join" className={linkClass}>
                {f("workWithMates")}
              </Link>
            </li>
          </ul>
        </nav>

        <div>
          <h2 className={headingClass}>{f("contactUs")}</h2>
          <address className="mt-4 space-y-4 not-italic">
            <p className="flex items-start gap-2">
              <MapPin className="mt-0.5 size-5 shrink-0 text-brand-300" aria-hidden="true" />
              <span>
                <span className="block font-semibold text-white">{CONTACT.company}</span>
                {CONTACT.address.map((line) => (
                  <span key={line} className="block">
                    {line}
                  </span>
                ))}
              </span>
            </p>
            <ul className="space-y-2">
              {CONTACT.phones.map((phone) => (
                <li key={phone.number} className="flex items-start gap-2">
                  <Phone className="mt-0.5 size-5 shrink-0 text-brand-300" aria-hidden="true" />
                  <span>
                    <span className="block text-sm text-slate-300">{f(phoneLabel(phone.label))}</span>
                    <a href={telHref(phone.number)} className={linkClass}>
                      {phone.number}
                    </a>
                  </span>
                </li>
              ))}
            </ul>
            <p className="flex items-center gap-2">
              <Mail className="size-5 shrink-0 text-brand-300" aria-hidden="true" />
              <a href={`mailto:${CONTACT.email}`} className={linkClass}>
                {CONTACT.email}
              </a>
            </p>
          </address>
          <h2 className={`${headingClass} mt-6`}>{f("followUs")}</h2>
          <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-2">
            {CONTACT.social.map((social) => (
              <li key={social.name}>
                <a href={social.href} target="_blank" rel="noopener noreferrer" className={linkClass}>
                  {social.name}
                  <span className="sr-only"> {f("opensInNewTab")}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-brand-900">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-5 text-sm text-slate-300 lg:px-6">
          <p>
            © {year} {CONTACT.company}
          </p>
          <LanguageLinks />
        </div>
      </div>
    </footer>
  );
}
