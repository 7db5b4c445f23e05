import { type FormEvent, useState } from "react";
import { formatRupees } from "#domain/catalogue.ts";
import type { MateJob } from "#domain/mate-app.ts";
import { activeLocale } from "#web/i18n/i18n.ts";
import { useT } from "#web/i18n/use-t.tsx";
import { isApiError } from "#web/lib/api-client.ts";
import { secondaryActionClass } from "#web/shell/page-shell.tsx";
import type { MateAppKey } from "./job-words.ts";
import { useAddExtra } from "./mate-api.ts";
import { mateAppMessages } from "./mate-app-messages.ts";

export const inputClass = "w-full rounded-xl border border-slate-300 px-3 py-2 text-slate-950";

/** The refusals the mate's screens say in the mate's language, by the API's code. */
const REFUSAL_KEY: Readonly<Record<string, MateAppKey>> = {
  wrong_start_code: "wrongCode",
  start_code_locked: "codeLocked",
  too_early: "tooEarly",
};

/** A step's or a form's refusal: in English as the server said it, in Hindi or Marathi by its code. */
export function Failure({ error }: { error: Error | null }) {
  const t = useT(mateAppMessages);
  if (!error) return null;
  const key = activeLocale() === "en-IN" || !isApiError(error) ? undefined : REFUSAL_KEY[error.code];
  return (
    <p role="alert" className="font-medium text-red-900">
      {key ? t(key) : error.message}
    </p>
  );
}

const EXTRA_KEY: Record<MateJob["extras"][number]["status"], MateAppKey> = {
  proposed: "extraWaiting",
  approved: "extraApproved",
  declined: "extraDeclined",
};

/** The extras asked for on a job (parts, added work), and the form that asks the customer for one. */
export function ExtraWork({ job }: { job: MateJob }) {
  const t = useT(mateAppMessages);
  const add = useAddExtra(job.id);
  const [description, setDescription] = useState("");
  const [price, setPrice] = useState("");
  if (!job.canAddExtras && job.extras.length === 0) return null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(
      { description, priceRupees: Number(price) },
      {
        onSuccess: () => {
          setDescription("");
          setPrice("");
        },
      },
    );
  };
  return (
    <section aria-label={t("extraWork")} className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4">
      <h2 className="font-semibold text-slate-950">{t("extraWork")}</h2>
      {job.extras.length > 0 ? (
        <ul className="space-y-1 text-sm text-slate-700">
          {job.extras.map((extra) => (
            <li key={extra.id} className="flex justify-between gap-3">
              <span>{extra.description}</span>
              <span>
                {formatRupees(extra.priceRupees)} · {t(EXTRA_KEY[extra.status])}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {job.canAddExtras ? (
        <form onSubmit={submit} className="space-y-2">
          <label className="block text-sm font-semibold text-slate-900" htmlFor="extra-description">
            {t("extraWhat")}
          </label>
          <input
            id="extra-description"
            className={inputClass}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
          />
          <label className="block text-sm font-semibold text-slate-900" htmlFor="extra-price">
            {t("extraPrice")}
          </label>
          <input
            id="extra-price"
            className={inputClass}
            inputMode="numeric"
            value={price}
            onChange={(event) => setPrice(event.target.value.replace(/\D/g, ""))}
          />
          <button type="submit" className={secondaryActionClass} disabled={add.isPending}>
            {t("extraAsk")}
          </button>
          <Failure error={add.error} />
        </form>
      ) : null}
    </section>
  );
}
