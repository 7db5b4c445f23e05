import { Suspense, useEffect, useState } from "react";
import { STORAGE_KEYS } from "#domain/constants.ts";
import { LANGUAGE_STORAGE_KEY } from "#domain/i18n/locales.ts";
import { readStorage, subscribeStorage } from "#web/shell/local-storage.ts";
import { agreeWithAccount } from "./account-language.ts";
import { LanguageOffer, languageToOffer } from "./language-offer.tsx";

/** Beside the router (after the first paint): the first-visit offer and the account's language. */
export function LanguageRoot() {
  const [offer] = useState(languageToOffer);
  const [token, setToken] = useState(() => readStorage(STORAGE_KEYS.authToken));
  const [chosen, setChosen] = useState(() => readStorage(LANGUAGE_STORAGE_KEY));
  useEffect(
    () =>
      subscribeStorage(() => {
        setToken(readStorage(STORAGE_KEYS.authToken));
        setChosen(readStorage(LANGUAGE_STORAGE_KEY));
      }),
    [],
  );
  // At sign-in, and whenever a language is chosen while signed in (a failed save is tried again at
  // the next sign-in).
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new choice is a reason to agree again.
  useEffect(() => {
    if (token !== null) void agreeWithAccount().catch(() => undefined);
  }, [token, chosen]);
  // Its own boundary, so that fetching the offer's texts holds back nothing beside the router; and
  // gone as soon as a language is chosen anywhere.
  return offer && chosen === null ? (
    <Suspense fallback={null}>
      <LanguageOffer locale={offer} />
    </Suspense>
  ) : null;
}
