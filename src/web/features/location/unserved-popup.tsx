import * as Dialog from "@radix-ui/react-dialog";
import { MapPinOff } from "lucide-react";
import { useEffect, useState, useSyncExternalStore } from "react";
import { STORAGE_KEYS } from "#domain/constants.ts";
import { useT } from "#web/i18n/use-t.tsx";
import { writeStorage } from "#web/shell/local-storage.ts";
import { useAuthToken } from "#web/shell/use-auth-token.ts";
import { useLocalStorage } from "#web/shell/use-local-storage.ts";
import { isServed, subscribeServed } from "./detect.ts";
import { locationMessages } from "./location-messages.ts";

/**
 * Spec §8: "Service not available", once (servicePopupShown), only for a signed-in customer, only
 * when the chosen or detected city is not served.
 */
export function UnservedPopup() {
  const t = useT(locationMessages);
  const token = useAuthToken();
  const city = useLocalStorage(STORAGE_KEYS.detectedCity);
  const shownBefore = useLocalStorage(STORAGE_KEYS.servicePopupShown);
  const served = useSyncExternalStore(subscribeServed, () => (city ? isServed(city) : true));
  const [shown, setShown] = useState<string>();

  const due = Boolean(token && city && !served && !shownBefore && shown === undefined);
  useEffect(() => {
    if (!due || !city) return;
    writeStorage(STORAGE_KEYS.servicePopupShown, "true");
    setShown(city);
  }, [due, city]);

  return (
    <Dialog.Root open={shown !== undefined} onOpenChange={(open) => (open ? undefined : setShown(undefined))}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100vw-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 text-center shadow-xl">
          <span className="mx-auto grid size-12 place-items-center rounded-full bg-amber-50 text-amber-800">
            <MapPinOff className="size-6" aria-hidden="true" />
          </span>
          <Dialog.Title className="mt-3 text-lg font-bold text-slate-900">{t("unavailableTitle")}</Dialog.Title>
          <Dialog.Description className="mt-2 text-slate-700">
            {t("unavailableText", { city: shown ?? "" })}
          </Dialog.Description>
          <p className="mt-2 text-sm text-slate-600">{t("servedSummary")}</p>
          <Dialog.Close className="mt-5 w-full rounded-xl bg-brand-800 px-5 py-3 font-semibold text-white hover:bg-brand-900">
            {t("ok")}
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
