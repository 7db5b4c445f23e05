import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { z } from "zod";
import { formatSlot } from "#web/features/booking/public.ts";
import { activeLocale } from "#web/i18n/i18n.ts";
import { useT } from "#web/i18n/use-t.tsx";
import { mateAppMessages } from "./mate-app-messages.ts";

/** What the jobs list is told, in the navigation's state, after the mate released a job. */
const releasedSchema = z.object({ released: z.object({ serviceTitle: z.string(), start: z.string() }) });
type Released = z.infer<typeof releasedSchema>["released"];

export function releasedState(released: Released): z.infer<typeof releasedSchema> {
  return { released };
}

/**
 * After a release, on the jobs list: which job went, and what happens to its customer. Said once: the
 * navigation's state is cleared as it is read, so a reload or a return to the list does not repeat
 * it. The status region is there before its text, so that screen readers announce the text.
 */
export function ReleasedNotice() {
  const t = useT(mateAppMessages);
  const location = useLocation();
  const navigate = useNavigate();
  const [released] = useState(() => {
    const parsed = releasedSchema.safeParse(location.state);
    return parsed.success ? parsed.data.released : undefined;
  });
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!released) return;
    void navigate({ pathname: location.pathname, search: location.search, hash: location.hash }, { replace: true });
    setShown(true);
  }, [released, navigate, location.pathname, location.search, location.hash]);
  return (
    <div role="status">
      {released && shown ? (
        <p className="mb-4 rounded-2xl bg-brand-50 p-4 text-brand-950">
          <span className="font-semibold">
            {t("released", { service: released.serviceTitle, slot: formatSlot(released.start, activeLocale()) })}
          </span>{" "}
          {t("releasedNext")}
        </p>
      ) : null}
    </div>
  );
}
