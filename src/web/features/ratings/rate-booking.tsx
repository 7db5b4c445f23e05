import { Star } from "lucide-react";
import { useId, useState } from "react";
import type { Booking } from "#domain/booking.ts";
import { formatRupees } from "#domain/catalogue.ts";
import { lazyDateFormats } from "#domain/date-format.ts";
import { RATING_RULES, RATING_TAGS, type RatingTag } from "#domain/rating.ts";
import { activeLocale } from "#web/i18n/i18n.ts";
import { useT } from "#web/i18n/use-t.tsx";
import { useRateBooking } from "./ratings-api.ts";
import { ratingsMessages, TAG_KEY } from "./ratings-messages.ts";

const dayFormat = lazyDateFormats({ day: "numeric", month: "long", timeZone: "Asia/Kolkata" });
const STAR_WORDS = ["star1", "star2", "star3", "star4", "star5"] as const;

/** Five stars as a radio group: arrow keys move, the chosen star and those before it are filled. */
function StarPicker({ value, onChange }: { value: number; onChange: (stars: number) => void }) {
  const t = useT(ratingsMessages);
  const name = useId();
  return (
    <fieldset>
      <legend className="font-semibold text-slate-950">{t("yourRating")}</legend>
      <div className="mt-1 flex items-center gap-1">
        {[1, 2, 3, 4, 5].map((stars) => (
          <label
            key={stars}
            className="cursor-pointer rounded-lg p-1 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-700"
          >
            <input
              type="radio"
              name={name}
              value={stars}
              checked={value === stars}
              onChange={() => onChange(stars)}
              className="sr-only"
            />
            <Star
              aria-hidden="true"
              className={`size-8 ${stars <= value ? "fill-amber-400 text-amber-500" : "text-slate-400"}`}
            />
            <span className="sr-only">{t("starOption", { stars, word: t(STAR_WORDS[stars - 1] ?? "star1") })}</span>
          </label>
        ))}
        <span className="ml-2 text-sm font-medium text-slate-700" aria-hidden="true">
          {value > 0 ? t(STAR_WORDS[value - 1] ?? "star1") : ""}
        </span>
      </div>
    </fieldset>
  );
}

const chipClass = (on: boolean) =>
  `cursor-pointer rounded-full border px-3 py-1.5 text-sm font-medium has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-700 ${
    on ? "border-brand-800 bg-brand-800 text-white" : "border-slate-300 text-slate-800 hover:bg-slate-50"
  }`;

function TipPicker({ value, onChange }: { value: number; onChange: (rupees: number) => void }) {
  const t = useT(ratingsMessages);
  const name = useId();
  const otherId = useId();
  const choices = [0, ...RATING_RULES.tipChoices];
  const other = !choices.includes(value);
  return (
    <fieldset>
      <legend className="font-semibold text-slate-950">{t("addTip")}</legend>
      <p className="text-sm text-slate-700">{t("tipHint")}</p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        {choices.map((rupees) => (
          <label key={rupees} className={chipClass(value === rupees)}>
            <input
              type="radio"
              name={name}
              checked={value === rupees}
              onChange={() => onChange(rupees)}
              className="sr-only"
            />
            {rupees === 0 ? t("noTip") : formatRupees(rupees)}
          </label>
        ))}
        <label htmlFor={otherId} className="sr-only">
          {t("otherAmount")}
        </label>
        <input
          id={otherId}
          type="number"
          inputMode="numeric"
          min={0}
          max={RATING_RULES.tipMaxRupees}
          step={1}
          placeholder={t("otherPlaceholder")}
          value={other ? value : ""}
          onChange={(event) => onChange(Math.max(0, Math.trunc(Number(event.target.value) || 0)))}
          className="w-28 rounded-full border border-slate-300 px-3 py-1.5 text-sm"
        />
      </div>
    </fieldset>
  );
}

/** The rating form, filled with the customer's earlier rating when they change it. */
function RatingForm({ booking, onDone }: { booking: Booking; onDone: (booking: Booking) => void }) {
  const t = useT(ratingsMessages);
  const given = booking.rating.rating;
  const [stars, setStars] = useState(given?.stars ?? 0);
  const [tags, setTags] = useState<RatingTag[]>(given?.tags ?? []);
  const [comment, setComment] = useState(given?.comment ?? "");
  const [tip, setTip] = useState(given?.tipRupees ?? 0);
  const [missing, setMissing] = useState(false);
  const rate = useRateBooking(booking.id);
  const commentId = useId();
  const tipShown = booking.rating.tipOpen;
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (stars === 0) {
      setMissing(true);
      return;
    }
    rate.mutate({ stars, tags, comment, tipRupees: tipShown ? tip : (given?.tipRupees ?? 0) }, { onSuccess: onDone });
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <StarPicker
        value={stars}
        onChange={(next) => {
          setStars(next);
          setMissing(false);
        }}
      />
      {missing ? (
        <p role="alert" className="text-sm font-medium text-red-900">
          {t("chooseStars")}
        </p>
      ) : null}
      <fieldset>
        <legend className="font-semibold text-slate-950">{t("wentWell")}</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {RATING_TAGS.map((tag) => (
            <label key={tag} className={chipClass(tags.includes(tag))}>
              <input
                type="checkbox"
                checked={tags.includes(tag)}
                onChange={(event) =>
                  setTags(event.target.checked ? [...tags, tag] : tags.filter((other) => other !== tag))
                }
                className="sr-only"
              />
              {t(TAG_KEY[tag])}
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <label htmlFor={commentId} className="font-semibold text-slate-950">
          {t("comment")} <span className="font-normal text-slate-600">{t("optional")}</span>
        </label>
        <textarea
          id={commentId}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          maxLength={RATING_RULES.commentMax}
          rows={3}
          className="mt-1 w-full rounded-xl border border-slate-300 p-3 text-slate-900"
        />
        <p className="text-right text-xs text-slate-600">
          {comment.length}/{RATING_RULES.commentMax}
        </p>
      </div>
      {tipShown ? <TipPicker value={tip} onChange={setTip} /> : null}
      {rate.isError ? (
        <p role="alert" className="text-sm font-medium text-red-900">
          {rate.error.message}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={rate.isPending}
        className="rounded-xl bg-brand-800 px-5 py-2.5 font-semibold text-white hover:bg-brand-900 disabled:opacity-60"
      >
        {t(given ? "saveChanges" : "submitRating")}
      </button>
    </form>
  );
}

/**
 * After the work: the customer rates the booking (stars, tags, a comment, a tip on a bill still to
 * be paid), and may change it for 7 days; afterwards what they gave is shown.
 */
export function RateBooking({ booking, onRated }: { booking: Booking; onRated: (booking: Booking) => void }) {
  const t = useT(ratingsMessages);
  const { rating, openUntil } = booking.rating;
  const [editing, setEditing] = useState(false);
  if (!rating && !openUntil) return null;
  const names = [...new Set(booking.mates.map((mate) => mate.name.split(" ")[0] ?? ""))];
  const mates = (names.length > 0 ? names.reduce((first, second) => t("and", { first, second })) : "") || t("yourMate");
  return (
    <section aria-label={t("rateSection")} className="rounded-2xl border border-amber-300 bg-amber-50 p-4">
      {rating && !editing ? (
        <div className="space-y-1">
          <p className="font-semibold text-slate-950">
            {rating.tipRupees > 0
              ? t("youRatedTipped", { mates, stars: rating.stars, tip: formatRupees(rating.tipRupees) })
              : t("youRated", { mates, stars: rating.stars })}
          </p>
          {rating.hidden ? (
            <p className="text-sm text-slate-700">{t("reviewHidden")}</p>
          ) : rating.comment ? (
            <p className="text-sm text-slate-700">“{rating.comment}”</p>
          ) : null}
          {openUntil && !rating.hidden ? (
            <button
              type="button"
              onClick={() => setEditing(true)}
              className="text-sm font-semibold text-brand-900 underline"
            >
              {t("changeRating", { day: dayFormat(activeLocale()).format(new Date(openUntil)) })}
            </button>
          ) : null}
        </div>
      ) : (
        <>
          <h3 className="mb-3 text-lg font-bold text-slate-950">{t("howDid", { mates })}</h3>
          <RatingForm
            booking={booking}
            onDone={(rated) => {
              setEditing(false);
              onRated(rated);
            }}
          />
        </>
      )}
    </section>
  );
}
