import { type FormEvent, useState } from "react";
import { type Availability, WEEKDAYS, type WeeklyHours } from "#domain/availability.ts";
import { formatMinuteOfDay } from "#domain/booking.ts";
import { SERVICE_HOURS } from "#domain/constants.ts";
import { formatCalendarDate } from "#domain/date-format.ts";
import { formatLocale, type Locale } from "#domain/i18n/locales.ts";
import { activeLocale } from "#web/i18n/i18n.ts";
import { useT } from "#web/i18n/use-t.tsx";
import { ErrorState } from "#web/shell/error-state.tsx";
import { LoadingState } from "#web/shell/loading-state.tsx";
import { primaryActionClass, secondaryActionClass } from "#web/shell/page-shell.tsx";
import { useMateProfile, useSaveAvailability } from "./mate-api.ts";
import { mateAppMessages } from "./mate-app-messages.ts";

const selectClass = "rounded-xl border border-slate-300 px-3 py-2 text-slate-950";
const TIMES = Array.from(
  { length: (SERVICE_HOURS.closesMinute - SERVICE_HOURS.opensMinute) / 30 + 1 },
  (_, i) => SERVICE_HOURS.opensMinute + i * 30,
);

/** A weekday's name in the language (WEEKDAYS is Sunday first; 2023-01-01 was a Sunday). */
function weekdayName(index: number, locale: Locale): string {
  if (locale === "en-IN") return WEEKDAYS[index] ?? "";
  const day = new Date(Date.UTC(2023, 0, 1 + index, 12));
  return new Intl.DateTimeFormat(formatLocale(locale), { weekday: "long", timeZone: "UTC" }).format(day);
}

type Saving = {
  mutate: (availability: Availability) => void;
  isPending: boolean;
  isSuccess: boolean;
  isError: boolean;
  error: Error | null;
};

/**
 * The week's hours and days off, as a form: the mate app saves the mate's own, the operator console
 * a mate's (`save` is the mutation; `savedText` what a success says).
 */
export function AvailabilityEditor({
  initial,
  save,
  savedText,
}: {
  initial: Availability;
  save: Saving;
  savedText: string;
}) {
  const t = useT(mateAppMessages);
  const locale = activeLocale();
  const [hours, setHours] = useState<WeeklyHours>(initial.weeklyHours);
  const [daysOff, setDaysOff] = useState<string[]>(initial.daysOff);
  const [newDay, setNewDay] = useState("");
  const setDay = (index: number, value: WeeklyHours[number]) =>
    setHours((current) => current.map((day, i) => (i === index ? value : day)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ weeklyHours: hours, daysOff });
  };
  return (
    <form onSubmit={submit} className="space-y-6">
      <fieldset className="space-y-3">
        <legend className="text-lg font-bold text-slate-950">{t("weeklyHours")}</legend>
        <p className="text-sm text-slate-700">
          {t("withinHours", { opens: SERVICE_HOURS.opens, closes: SERVICE_HOURS.closes })}
        </p>
        {WEEKDAYS.map((weekday, index) => {
          const day = hours[index] ?? null;
          const name = weekdayName(index, locale);
          return (
            <div
              key={weekday}
              className="flex flex-wrap items-center gap-3 rounded-2xl border border-slate-200 bg-white p-3"
            >
              <label className="flex w-36 items-center gap-2 font-semibold text-slate-900">
                <input
                  type="checkbox"
                  checked={day !== null}
                  onChange={(event) => setDay(index, event.target.checked ? { from: 540, until: 1080 } : null)}
                />
                {name}
              </label>
              {day ? (
                <>
                  <select
                    aria-label={t("dayFrom", { day: name })}
                    className={selectClass}
                    value={day.from}
                    onChange={(event) => setDay(index, { ...day, from: Number(event.target.value) })}
                  >
                    {TIMES.slice(0, -1).map((minute) => (
                      <option key={minute} value={minute}>
                        {formatMinuteOfDay(minute)}
                      </option>
                    ))}
                  </select>
                  <span aria-hidden="true">{t("to")}</span>
                  <select
                    aria-label={t("dayUntil", { day: name })}
                    className={selectClass}
                    value={day.until}
                    onChange={(event) => setDay(index, { ...day, until: Number(event.target.value) })}
                  >
                    {TIMES.slice(1).map((minute) => (
                      <option key={minute} value={minute}>
                        {formatMinuteOfDay(minute)}
                      </option>
                    ))}
                  </select>
                </>
              ) : (
                <span className="text-slate-600">{t("dayOff")}</span>
              )}
            </div>
          );
        })}
      </fieldset>
      <fieldset className="space-y-3">
        <legend className="text-lg font-bold text-slate-950">{t("daysOff")}</legend>
        <div className="flex flex-wrap items-end gap-3">
          <label className="text-sm font-semibold text-slate-900">
            {t("date")}
            <input
              type="date"
              className={`${selectClass} block`}
              value={newDay}
              onChange={(event) => setNewDay(event.target.value)}
            />
          </label>
          <button
            type="button"
            className={secondaryActionClass}
            disabled={!newDay}
            onClick={() => {
              setDaysOff((current) => [...new Set([...current, newDay])].sort());
              setNewDay("");
            }}
          >
            {t("addDayOff")}
          </button>
        </div>
        {daysOff.length > 0 ? (
          <ul className="space-y-1">
            {daysOff.map((day) => (
              <li key={day} className="flex items-center gap-3 text-slate-800">
                {formatCalendarDate(day, locale)}
                <button
                  type="button"
                  className="font-semibold text-red-800 underline"
                  onClick={() => setDaysOff((current) => current.filter((other) => other !== day))}
                >
                  {t("remove")}
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-slate-700">{t("noDaysOff")}</p>
        )}
      </fieldset>
      <button type="submit" className={primaryActionClass} disabled={save.isPending}>
        {t("saveAvailability")}
      </button>
      {save.isSuccess ? (
        <p role="status" className="font-medium text-brand-900">
          {savedText}
        </p>
      ) : null}
      {save.isError ? (
        <p role="alert" className="font-medium text-red-900">
          {save.error?.message}
        </p>
      ) : null}
    </form>
  );
}

function OwnAvailability({ initial }: { initial: Availability }) {
  const t = useT(mateAppMessages);
  const save = useSaveAvailability();
  return <AvailabilityEditor initial={initial} save={save} savedText={t("availabilitySaved")} />;
}

/** Weekly hours and days off; slots offered to customers follow them at once. */
export function AvailabilityForm() {
  const t = useT(mateAppMessages);
  const profile = useMateProfile();
  if (profile.isPending) return <LoadingState />;
  if (profile.isError) {
    return (
      <ErrorState title={t("hoursError")} message={profile.error.message} onRetry={() => void profile.refetch()} />
    );
  }
  return <OwnAvailability initial={profile.data.availability} />;
}
