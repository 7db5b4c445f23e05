import { Link } from "react-router";
import { STORAGE_KEYS } from "#domain/constants.ts";
import { useT } from "#web/i18n/use-t.tsx";
import { writeStorage } from "#web/shell/local-storage.ts";
import { requestLogin } from "#web/shell/login-request.ts";
import { CircleUserRoundIcon } from "#web/shell/shell-icons.tsx";
import { shellMessages } from "#web/shell/shell-messages.ts";
import { useAuthToken } from "#web/shell/use-auth-token.ts";

/**
 * Spec §2 header: Login when logged out; a profile icon when logged in, which goes to
 * /profile and sets the flag that opens the profile sidebar.
 */
export function AccountButton({ onAction, className = "" }: { onAction?: () => void; className?: string }) {
  const t = useT(shellMessages);
  const token = useAuthToken();
  if (token) {
    return (
      <Link
        to="/profile"
        aria-label={t("profile")}
        onClick={() => {
          writeStorage(STORAGE_KEYS.openSidebarOnProfile, "true");
          onAction?.();
        }}
        className={`grid size-11 place-items-center rounded-full text-brand-900 hover:bg-brand-50 ${className}`}
      >
        <CircleUserRoundIcon className="size-7" />
      </Link>
    );
  }
  return (
    <button
      type="button"
      onClick={() => {
        onAction?.();
        requestLogin("header");
      }}
      className={`rounded-full bg-brand-800 px-5 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-900 ${className}`}
    >
      {t("login")}
    </button>
  );
}
