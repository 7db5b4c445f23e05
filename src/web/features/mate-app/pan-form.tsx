import { type FormEvent, useState } from "react";
import { formatBp, PAN_PATTERN } from "#domain/payouts.ts";
import { Msg, useT } from "#web/i18n/use-t.tsx";
import { primaryActionClass } from "#web/shell/page-shell.tsx";
import { useMateProfile } from "./mate-api.ts";
import { useSavePan } from "./mate-money-api.ts";
import { mateMoneyMessages } from "./money-messages.ts";

/**
 * The mate's PAN (issue 39): with it, TDS on each job is the lower rate; without, the higher.
 * Shown masked once given; a PAN of the wrong shape is refused here and by the server.
 */
export function PanForm() {
  const t = useT(mateMoneyMessages);
  const profile = useMateProfile();
  const save = useSavePan();
  const [pan, setPan] = useState("");
  const [problem, setProblem] = useState<string>();
  const [editing, setEditing] = useState(false);
  const me = profile.data;
  if (!me) return null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = pan.trim().toUpperCase();
    if (!PAN_PATTERN.test(typed)) {
      setProblem(t("panWrong"));
      return;
    }
    setProblem(undefined);
    save.mutate(typed, {
      onSuccess: () => {
        setPan("");
        setEditing(false);
      },
    });
  };
  const error = problem ?? save.error?.message;
  return (
    <section aria-label="PAN" className="mt-4 rounded-2xl border border-slate-200 bg-white p-4">
      <h2 className="text-lg font-bold text-slate-950">PAN</h2>
      <p className="text-sm text-slate-700">
        {t("panTds", { withPan: formatBp(me.tdsBp), withoutPan: formatBp(me.tdsNoPanBp) })}
      </p>
      {me.pan && !editing ? (
        <p className="mt-2 text-slate-800">
          <Msg
            of={mateMoneyMessages}
            id="yourPanIs"
            values={{ pan: me.pan }}
            components={{ 0: <span className="font-mono font-semibold" /> }}
          />{" "}
          <button type="button" className="font-semibold text-brand-800 underline" onClick={() => setEditing(true)}>
            {t("change")}
          </button>
        </p>
      ) : (
        <form onSubmit={submit} noValidate className="mt-3 space-y-2">
          <label className="block font-semibold text-slate-950" htmlFor="pan">
            {t("yourPan")}
          </label>
          <input
            id="pan"
            className="w-full rounded-xl border border-slate-300 px-3 py-2 font-mono text-slate-950 uppercase"
            autoComplete="off"
            maxLength={10}
            placeholder="ABCDE1234F"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "pan-error" : undefined}
            value={pan}
            onChange={(event) => setPan(event.target.value)}
          />
          {error ? (
            <p id="pan-error" role="alert" className="font-medium text-red-900">
              {error}
            </p>
          ) : null}
          <button type="submit" className={primaryActionClass} disabled={save.isPending}>
            {t("savePan")}
          </button>
        </form>
      )}
    </section>
  );
}
