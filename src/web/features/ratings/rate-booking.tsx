import { Star } from "lucide-react";
import { useId, useState } from "react";
import type { Booking } from "#domain/booking.ts";
import { formatRupees } from "#domain/catalogue.ts";
import { lazyDateFormat } from "#domain/date-format.ts";
import { RATING_RULES, RATING_TAGS, type RatingTag, TAG_TEXT } from "#domain/rating.ts";
import { useRateBooking } from "./ratings-api.ts";

const dayFormat = lazyDateFormat("en-IN", { day: "numeric", month: "long", timeZone: "Asia/Kolkata" });
const STAR_WORDS = ["Poor", "Not good", "Okay", "Good", "Excellent"] as const;

/** Five stars as a radio group: arrow keys move, the chosen star and those before it are filled. */
function StarPicker({ value, onChange }: { value: number; onChange: (stars: number) => void }) {
  const name = useId();
  return (
    <fieldset>
      <legend className="font-semibold text-slate-950">Your rating</legend>
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
            <span className="sr-only">
              {stars} {stars === 1 ? "star" : "stars"}: {STAR_WORDS[stars - 1]}
            </span>
          </label>
        ))}
        <span className="ml-2 text-sm font-medium text-slate-700" aria-hidden="true">
          {value > 0 ? STAR_WORDS[value - 1] : ""}
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
  const name = useId();
  const otherId = useId();
  const choices = [0, ...RATING_RULES.tipChoices];
  const other = !choices.includes(value);
  return (
    <fieldset>
      <legend className="font-semibold text-slate-950">Add a tip</legend>
      <p className="text-sm text-slate-700">Added to your bill; your mate gets all of it.</p>
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
            {rupees === 0 ? "No tip" : formatRupees(rupees)}
          </label>
        ))}
        <label htmlFor={otherId} className="sr-only">
          Another amount in rupees
        </label>
        <input
          id={otherId}
          type="number"
          inputMode="numeric"
          min={0}
          max={RATING_RULES.tipMaxRupees}
          step={1}
          placeholder="Other ₹"
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
          Choose 1 to 5 stars.
        </p>
      ) : null}
      <fieldset>
        <legend className="font-semibold text-slate-950">What went well?</legend>
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
              {TAG_TEXT[tag]}
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <label htmlFor={commentId} className="font-semibold text-slate-950">
          Comment <span className="font-normal text-slate-600">(optional)</span>
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
        {given ? "Save changes" : "Submit rating"}
      </button>
    </form>
  );
}

/**
 * After the work: the customer rates the booking (stars, tags, a comment, a tip on a bill still to
 * be paid), and may change it for 7 days; afterwards what they gave is shown.
 */
export function RateBooking({ booking, onRated }: { booking: Booking; onRated: (booking: Booking) => void }) {
  const { rating, openUntil } = booking.rating;
  const [editing, setEditing] = useState(false);
  if (!rating && !openUntil) return null;
  const mates = [...new Set(booking.mates.map((mate) => mate.name.split(" ")[0]))].join(" and ") || "your mate";
  return (
    <section aria-label="Rate your booking" className="rounded-2xl border border-amber-300 bg-amber-50 p-4">
      {rating && !editing ? (
        <div className="space-y-1">
          <p className="font-semibold text-slate-950">
            You rated {mates} {rating.stars} {rating.stars === 1 ? "star" : "stars"}
            {rating.tipRupees > 0 ? ` and tipped ${formatRupees(rating.tipRupees)}` : ""}. Thank you!
          </p>
          {rating.hidden ? (
            <p className="text-sm text-slate-700">Your review was hidden by the Mates team.</p>
          ) : rating.comment ? (
            <p className="text-sm text-slate-700">“{rating.comment}”</p>
          ) : null}
          {openUntil && !rating.hidden ? (
            <button
              type="button"
              onClick={() => setEditing(true)}
              className="text-sm font-semibold text-brand-900 underline"
            >
              Change your rating (until {dayFormat.format(new Date(openUntil))})
            </button>
          ) : null}
        </div>
      ) : (
        <>
          <h3 className="mb-3 text-lg font-bold text-slate-950">How did {mates} do?</h3>
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
