import { useMutation, useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import {
  type PayoutDestination,
  payoutDestinationInputSchema,
  payoutDestinationResponseSchema,
} from "#domain/payout-destination.ts";
import { formatSlotTime } from "#domain/slot-time.ts";
import { activeLocale } from "#web/i18n/i18n.ts";
import { useT } from "#web/i18n/use-t.tsx";
import { apiGet, apiSend } from "#web/lib/api-client.ts";
import { appQueryClient } from "#web/lib/query-client.ts";
import { ErrorState } from "#web/shell/error-state.tsx";
import { TextField } from "#web/shell/form-fields.tsx";
import { LoadingState } from "#web/shell/loading-state.tsx";
import { primaryActionClass, secondaryActionClass } from "#web/shell/page-shell.tsx";
import { mateMoneyMessages } from "./money-messages.ts";

/**
 * Where the mate is paid (issue 39, record 064): a bank account (the number typed twice) or a UPI
 * ID, checked here with the server's own rules before it is sent, and shown masked afterwards.
 */

const PATH = "/api/mate/payout-destination";
const key = ["mate", "payout-destination"] as const;

function useDestination() {
  return useQuery(
    { queryKey: key, queryFn: ({ signal }) => apiGet(PATH, payoutDestinationResponseSchema, { signal }) },
    appQueryClient,
  );
}

function useSaveDestination() {
  return useMutation(
    {
      mutationFn: (input: unknown) => apiSend("PUT", PATH, input, payoutDestinationResponseSchema),
      onSuccess: (body) => appQueryClient.setQueryData(key, body),
    },
    appQueryClient,
  );
}

type Kind = PayoutDestination["kind"];
type Fields = { holderName: string; accountNumber: string; accountNumberAgain: string; ifsc: string; upiId: string };
const BANK_FIELDS: {
  name: keyof Fields;
  label?: "holderName" | "accountNumber" | "accountNumberAgain";
  numeric?: boolean;
}[] = [
  { name: "holderName", label: "holderName" },
  { name: "accountNumber", label: "accountNumber", numeric: true },
  { name: "accountNumberAgain", label: "accountNumberAgain", numeric: true },
  { name: "ifsc" },
];
const EMPTY: Fields = { holderName: "", accountNumber: "", accountNumberAgain: "", ifsc: "", upiId: "" };

function Shown({ destination }: { destination: PayoutDestination }) {
  const t = useT(mateMoneyMessages);
  return (
    <>
      <dl className="mt-2 grid grid-cols-2 gap-2 text-slate-800">
        <dt>{destination.kind === "vpa" ? "UPI ID" : t("bankAccount")}</dt>
        <dd className="text-right font-semibold">{destination.masked}</dd>
        {destination.ifsc ? (
          <>
            <dt>IFSC</dt>
            <dd className="text-right font-semibold">{destination.ifsc}</dd>
          </>
        ) : null}
        <dt>{t("name")}</dt>
        <dd className="text-right font-semibold">{destination.holderName}</dd>
      </dl>
      {destination.heldUntil ? (
        <p role="status" className="mt-2 text-sm text-slate-600">
          {t("heldUntil", { time: formatSlotTime(new Date(destination.heldUntil), activeLocale()) })}
        </p>
      ) : null}
    </>
  );
}

function DestinationForm({ onDone }: { onDone: () => void }) {
  const t = useT(mateMoneyMessages);
  const english = activeLocale() === "en-IN";
  const save = useSaveDestination();
  const [kind, setKind] = useState<Kind>("vpa");
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({});
  const set = (name: keyof Fields) => (value: string) => setFields((current) => ({ ...current, [name]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input =
      kind === "vpa"
        ? { kind, upiId: fields.upiId }
        : {
            kind,
            holderName: fields.holderName,
            accountNumber: fields.accountNumber,
            accountNumberAgain: fields.accountNumberAgain,
            ifsc: fields.ifsc,
          };
    const checked = payoutDestinationInputSchema.safeParse(input);
    if (!checked.success) {
      const found: Partial<Record<keyof Fields, string>> = {};
      for (const issue of checked.error.issues) {
        const name = issue.path[0] as keyof Fields | undefined;
        // The schema's rules are written in English; another language says to check the field.
        if (name && !found[name]) found[name] = english ? issue.message : t("invalidField");
      }
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(input, { onSuccess: onDone });
  };
  return (
    <form onSubmit={submit} className="mt-3 space-y-3" noValidate>
      <fieldset className="flex flex-wrap gap-3">
        <legend className="text-sm font-semibold text-slate-800">{t("paidTo")}</legend>
        {(["vpa", "bank_account"] as const).map((value) => (
          <label key={value} className="flex items-center gap-2 font-semibold text-slate-900">
            <input type="radio" name="kind" checked={kind === value} onChange={() => setKind(value)} />
            {value === "vpa" ? "UPI ID" : t("bankAccount")}
          </label>
        ))}
      </fieldset>
      {kind === "vpa" ? (
        <TextField
          label="UPI ID"
          value={fields.upiId}
          onValueChange={set("upiId")}
          error={errors.upiId}
          hint={t("upiHint")}
          autoComplete="off"
        />
      ) : (
        BANK_FIELDS.map(({ name, label, numeric }) => (
          <TextField
            key={name}
            label={label ? t(label) : "IFSC"}
            {...(label ? {} : { hint: t("ifscHint") })}
            value={fields[name]}
            onValueChange={set(name)}
            error={errors[name]}
            autoComplete="off"
            {...(numeric ? { inputMode: "numeric" as const } : {})}
          />
        ))
      )}
      <button type="submit" className={primaryActionClass} disabled={save.isPending}>
        {t("savePayout")}
      </button>
      {save.isError ? (
        <p role="alert" className="font-medium text-red-900">
          {save.error.message}
        </p>
      ) : null}
    </form>
  );
}

/** The earnings page's card: where the mate is paid, masked, and the form that changes it. */
export function PayoutDestinationCard() {
  const t = useT(mateMoneyMessages);
  const destination = useDestination();
  const [editing, setEditing] = useState(false);
  if (destination.isPending) return <LoadingState />;
  if (destination.isError) {
    return (
      <ErrorState
        title={t("payoutError")}
        message={destination.error.message}
        onRetry={() => void destination.refetch()}
      />
    );
  }
  const current = destination.data.destination;
  return (
    <section aria-label={t("whereHeading")} className="rounded-2xl border border-slate-200 bg-white p-4">
      <h2 className="text-lg font-bold text-slate-950">{t("whereHeading")}</h2>
      {current ? <Shown destination={current} /> : <p className="text-sm text-slate-600">{t("addDestination")}</p>}
      {editing || !current ? (
        <DestinationForm onDone={() => setEditing(false)} />
      ) : (
        <button type="button" className={`mt-3 ${secondaryActionClass}`} onClick={() => setEditing(true)}>
          {t("changePayout")}
        </button>
      )}
    </section>
  );
}
