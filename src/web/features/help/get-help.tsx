import * as Dialog from "@radix-ui/react-dialog";
import { ChevronRight, LifeBuoy, X } from "lucide-react";
import { useId, useState } from "react";
import { Link, useNavigate } from "react-router";
import type { Booking } from "#domain/booking.ts";
import { type CaseProblem, firstAnswerDue, HELP_RULES, openCaseSchema, PROBLEMS } from "#domain/help.ts";
import { groupIndian } from "#domain/indian-digits.ts";
import { formatSlotTime } from "#domain/slot-time.ts";
import { activeLocale } from "#web/i18n/i18n.ts";
import { useT } from "#web/i18n/use-t.tsx";
import { primaryActionClass } from "#web/shell/page-shell.tsx";
import { EmergencyNumbers } from "./emergency-numbers.tsx";
import { useOpenCase } from "./help-api.ts";
import { helpMessages } from "./help-messages.ts";
import { PhotoField } from "./photo-field.tsx";
import { photoProblem } from "./photos.ts";

const STEP = { safety: "stepSafety", no_show: "stepNoShow", damage: "stepDamage", quality: "stepQuality" } as const;
const coverAmount = () => `₹${groupIndian(HELP_RULES.damageCoverRupees)}`;

const fieldClass = "mt-1 w-full rounded-xl border border-slate-300 p-3 text-slate-900";

/** What one problem asks for, and what happens next; sent, the case opens on its own page. */
function ProblemForm({ booking, problem, onBack }: { booking: Booking; problem: CaseProblem; onBack: () => void }) {
  const t = useT(helpMessages);
  const needs = PROBLEMS[problem];
  const [description, setDescription] = useState("");
  const [amount, setAmount] = useState("");
  const [photos, setPhotos] = useState<File[]>([]);
  const [wrong, setWrong] = useState<string>();
  const open = useOpenCase(booking.id);
  const navigate = useNavigate();
  const describeId = useId();
  const amountId = useId();
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = openCaseSchema.safeParse({
      problem,
      description,
      ...(needs.amount === "none" || amount === "" ? {} : { amountRupees: Number(amount) }),
    });
    const refusal = parsed.success
      ? needs.photos === "required" && photos.length === 0
        ? t("needPhoto")
        : photoProblem(photos, HELP_RULES)
      : parsed.error.issues[0]?.message;
    setWrong(refusal);
    if (refusal || !parsed.success) return;
    const body = new FormData();
    body.set("details", JSON.stringify(parsed.data));
    for (const photo of photos) body.append("photos", photo, photo.name);
    open
      .mutateAsync(body)
      .then((opened) => navigate(`/help/${opened.id}`))
      .catch(() => undefined); // shown from open.error
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t("problem", { problem })} className="space-y-4">
      <p className="font-semibold text-slate-950">{t("problem", { problem })}</p>
      {problem === "safety" ? <EmergencyNumbers /> : null}
      <div>
        <label htmlFor={describeId} className="font-semibold text-slate-950">
          {t("ask", { problem })}
        </label>
        <textarea
          id={describeId}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          maxLength={HELP_RULES.descriptionMax}
          rows={3}
          className={fieldClass}
        />
      </div>
      {needs.amount !== "none" ? (
        <div>
          <label htmlFor={amountId} className="font-semibold text-slate-950">
            {t(needs.amount === "value" ? "worth" : "chargedWrongly")}
          </label>
          <input
            id={amountId}
            inputMode="numeric"
            value={amount}
            onChange={(event) => setAmount(event.target.value.replace(/\D/g, ""))}
            className={fieldClass}
          />
          {needs.amount === "value" ? (
            <p className="mt-1 text-sm text-slate-600">
              {t("covered", { amount: coverAmount(), hours: HELP_RULES.damageWindowHours })}
            </p>
          ) : null}
        </div>
      ) : null}
      {needs.photos !== "none" ? (
        <PhotoField need={needs.photos} rules={HELP_RULES} seenBy={t("onlySupport")} onChange={setPhotos} />
      ) : null}
      <p className="rounded-xl bg-brand-50 p-3 text-sm text-brand-950">
        {t("nextStep", {
          step: t(problem in STEP ? STEP[problem as keyof typeof STEP] : "stepOther", {
            by: formatSlotTime(firstAnswerDue(new Date()), activeLocale()),
            emergency: HELP_RULES.emergencyNumber,
            amount: coverAmount(),
            hours: HELP_RULES.resolutionHours,
          }),
        })}
      </p>
      {wrong || open.isError ? (
        <p role="alert" className="font-medium text-red-900">
          {wrong ?? open.error?.message}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={primaryActionClass} disabled={open.isPending}>
          {t("sendSupport")}
        </button>
        <button type="button" className="text-sm font-semibold text-slate-700 underline" onClick={onBack}>
          {t("back")}
        </button>
      </div>
    </form>
  );
}

/**
 * "Get help" on a booking (issue 38): what went wrong, one tap each, then only what that problem
 * needs. A problem with a case already open leads to that case instead of a second one.
 */
export function GetHelp({ booking }: { booking: Booking }) {
  const t = useT(helpMessages);
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<CaseProblem>();
  const navigate = useNavigate();
  const { problems, cases } = booking.help;
  if (problems.length === 0 && cases.length === 0) return null;
  const liveCase = (one: CaseProblem) => cases.find((c) => c.problem === one && c.status !== "closed");
  const choose = (one: CaseProblem) => {
    const live = liveCase(one);
    if (live) void navigate(`/help/${live.id}`);
    else setProblem(one);
  };
  return (
    <div className="mt-3 flex flex-wrap items-center gap-3">
      <Dialog.Root
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) setProblem(undefined);
        }}
      >
        {problems.length > 0 ? (
          <Dialog.Trigger className="inline-flex items-center gap-2 rounded-xl border border-slate-300 px-4 py-2 font-semibold text-slate-900 hover:bg-slate-50">
            <LifeBuoy className="size-4" aria-hidden="true" />
            {t("getHelp")}
          </Dialog.Trigger>
        ) : null}
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50" />
          <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[85vh] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl">
            <div className="flex items-start justify-between gap-3">
              <Dialog.Title className="text-lg font-bold text-slate-900">{t("whatWentWrong")}</Dialog.Title>
              <Dialog.Close aria-label={t("close")} className="rounded-full p-1 text-slate-700 hover:bg-slate-100">
                <X className="size-5" aria-hidden="true" />
              </Dialog.Close>
            </div>
            <Dialog.Description className="mt-1 text-sm text-slate-700">{t("supportAnswers")}</Dialog.Description>
            <div className="mt-4">
              {problem ? (
                <ProblemForm booking={booking} problem={problem} onBack={() => setProblem(undefined)} />
              ) : (
                <ul className="space-y-2">
                  {problems.map((one) => (
                    <li key={one}>
                      <button
                        type="button"
                        onClick={() => choose(one)}
                        className="flex w-full items-center justify-between gap-3 rounded-xl border border-slate-200 px-4 py-3 text-left font-semibold text-slate-900 hover:border-brand-700"
                      >
                        {t("problem", { problem: one })}
                        {liveCase(one) ? (
                          <span className="text-sm font-normal text-slate-600">{t("openCase")}</span>
                        ) : (
                          <ChevronRight className="size-4 shrink-0" aria-hidden="true" />
                        )}
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
      {cases.length > 0 ? (
        <ul aria-label={t("yourCasesHere")} className="flex flex-wrap gap-2 text-sm">
          {cases.map((one) => (
            <li key={one.id}>
              <Link to={`/help/${one.id}`} className="font-semibold text-brand-900 underline">
                {t("caseLink", {
                  problem: t("problem", { problem: one.problem }),
                  status: t("status", { status: one.status }).toLocaleLowerCase(activeLocale()),
                })}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
