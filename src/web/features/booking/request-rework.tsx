import { useId, useState } from "react";
import { Link, useNavigate } from "react-router";
import type { Booking } from "#domain/booking.ts";
import { lazyDateFormats } from "#domain/date-format.ts";
import { DEFAULT_LOCALE } from "#domain/i18n/locales.ts";
import { groupIndian } from "#domain/indian-digits.ts";
import { REWORK_RULES, reworkDetailsSchema } from "#domain/rework.ts";
import { PhotoField, photoProblem } from "#web/features/help/public.ts";
import { activeLocale } from "#web/i18n/i18n.ts";
import { useT } from "#web/i18n/use-t.tsx";
import { primaryActionClass } from "#web/shell/page-shell.tsx";
import { useRequestRework } from "./booking-api.ts";
import { progressMessages } from "./progress/progress-messages.ts";
import { SlotPicker } from "./slot-picker.tsx";

const dayFormat = lazyDateFormats({ day: "numeric", month: "long", timeZone: "Asia/Kolkata" });

/** What went wrong, photos of it, and a time: the free re-work is booked and followed on /mate-assigning. */
function ReworkForm({ booking, onCancel }: { booking: Booking; onCancel: () => void }) {
  const t = useT(progressMessages);
  const [description, setDescription] = useState("");
  const [photos, setPhotos] = useState<File[]>([]);
  const [start, setStart] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const request = useRequestRework(booking.id);
  const navigate = useNavigate();
  const describeId = useId();
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = reworkDetailsSchema.safeParse({ description, start });
    const issue = parsed.success ? undefined : parsed.error.issues[0];
    const wrong = parsed.success
      ? photoProblem(photos, REWORK_RULES)
      : activeLocale() === DEFAULT_LOCALE
        ? issue?.message
        : issue?.path[0] === "description"
          ? t("reworkDescriptionProblem", {
              min: REWORK_RULES.descriptionMin,
              max: groupIndian(REWORK_RULES.descriptionMax),
            })
          : t("reworkTimeProblem");
    setProblem(wrong);
    if (wrong || !parsed.success) return;
    const body = new FormData();
    body.set("details", JSON.stringify(parsed.data));
    for (const photo of photos) body.append("photos", photo, photo.name);
    // Not mutate's own onSuccess: the booking's new state unmounts this form before it would run.
    request
      .mutateAsync(body)
      .then((rework) => navigate(`/mate-assigning?booking=${rework.id}`))
      .catch(() => undefined); // the refusal is shown from request.error
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t("freeRework")} className="space-y-4">
      <div>
        <label htmlFor={describeId} className="font-semibold text-slate-950">
          {t("whatIsWrong")}
        </label>
        <textarea
          id={describeId}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          maxLength={REWORK_RULES.descriptionMax}
          rows={3}
          className="mt-1 w-full rounded-xl border border-slate-300 p-3 text-slate-900"
        />
      </div>
      <PhotoField need="optional" rules={REWORK_RULES} seenBy={t("mateSeesPhotos")} onChange={setPhotos} />
      <fieldset>
        <legend className="font-semibold text-slate-950">{t("whenComeBack")}</legend>
        <div className="mt-2 rounded-xl bg-white p-3">
          <SlotPicker value={start} onChange={setStart} booking={booking.id} />
        </div>
      </fieldset>
      {problem || request.isError ? (
        <p role="alert" className="font-medium text-red-900">
          {problem ?? request.error?.message}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={primaryActionClass} disabled={request.isPending}>
          {t("bookRework")}
        </button>
        <button type="button" className="text-sm font-semibold text-slate-700 underline" onClick={onCancel}>
          {t("neverMind")}
        </button>
      </div>
    </form>
  );
}

/**
 * "Not happy with the work?" on a completed booking, for 30 days and once: a free visit to put it
 * right, offered first to the same mate. Once asked, a link to the re-work booking.
 */
export function RequestRework({ booking }: { booking: Booking }) {
  const t = useT(progressMessages);
  const [open, setOpen] = useState(false);
  const { openUntil, requestedAs } = booking.rework;
  if (requestedAs) {
    return (
      <p className="text-sm text-slate-700">
        {t("reworkBooked")}{" "}
        <Link to={`/mate-assigning?booking=${requestedAs}`} className="font-semibold text-brand-900 underline">
          {t("followIt")}
        </Link>
      </p>
    );
  }
  if (!openUntil) return null;
  return (
    <section aria-label={t("notHappy")} className="space-y-2 rounded-2xl border border-slate-200 bg-white p-4">
      <h3 className="font-semibold text-slate-950">{t("notHappy")}</h3>
      {open ? (
        <ReworkForm booking={booking} onCancel={() => setOpen(false)} />
      ) : (
        <>
          <p className="text-sm text-slate-700">
            {t("reworkOffer", { date: dayFormat(activeLocale()).format(new Date(openUntil)) })}
          </p>
          <button
            type="button"
            onClick={() => setOpen(true)}
            className="rounded-xl border border-slate-300 px-4 py-2 font-semibold text-slate-900 hover:bg-slate-50"
          >
            {t("askRework")}
          </button>
        </>
      )}
    </section>
  );
}

/** On a re-work booking: what the customer said was wrong, and their photos. */
export function ReworkOf({ booking }: { booking: Booking }) {
  const t = useT(progressMessages);
  const of = booking.rework.of;
  if (!of) return null;
  return (
    <section aria-label={t("freeRework")} className="space-y-2 rounded-2xl border border-slate-200 bg-white p-4">
      <h3 className="font-semibold text-slate-950">{t("reworkOf")}</h3>
      <p className="text-slate-800">{of.description}</p>
      {of.photos.length > 0 ? (
        <ul aria-label={t("yourPhotos")} className="flex flex-wrap gap-2">
          {of.photos.map((url, index) => (
            <li key={url}>
              <img
                src={url}
                alt={t("photoAlt", { number: index + 1, total: of.photos.length })}
                className="size-24 rounded-xl object-cover"
              />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
