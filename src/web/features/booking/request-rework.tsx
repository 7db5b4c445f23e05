import { useId, useState } from "react";
import { Link, useNavigate } from "react-router";
import type { Booking } from "#domain/booking.ts";
import { lazyDateFormat } from "#domain/date-format.ts";
import { REWORK_RULES, reworkDetailsSchema } from "#domain/rework.ts";
import { PhotoField, photoProblem } from "#web/features/help/public.ts";
import { primaryActionClass } from "#web/shell/page-shell.tsx";
import { useRequestRework } from "./booking-api.ts";
import { SlotPicker } from "./slot-picker.tsx";

const dayFormat = lazyDateFormat("en-IN", { day: "numeric", month: "long", timeZone: "Asia/Kolkata" });

/** What went wrong, photos of it, and a time: the free re-work is booked and followed on /mate-assigning. */
function ReworkForm({ booking, onCancel }: { booking: Booking; onCancel: () => void }) {
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
    const wrong = parsed.success ? photoProblem(photos, REWORK_RULES) : parsed.error.issues[0]?.message;
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
    <form onSubmit={submit} noValidate aria-label="Free re-work" className="space-y-4">
      <div>
        <label htmlFor={describeId} className="font-semibold text-slate-950">
          What is wrong?
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
      <PhotoField need="optional" rules={REWORK_RULES} seenBy="Your mate sees them." onChange={setPhotos} />
      <fieldset>
        <legend className="font-semibold text-slate-950">When should your mate come back?</legend>
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
          Book free re-work
        </button>
        <button type="button" className="text-sm font-semibold text-slate-700 underline" onClick={onCancel}>
          Never mind
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
  const [open, setOpen] = useState(false);
  const { openUntil, requestedAs } = booking.rework;
  if (requestedAs) {
    return (
      <p className="text-sm text-slate-700">
        Free re-work booked.{" "}
        <Link to={`/mate-assigning?booking=${requestedAs}`} className="font-semibold text-brand-900 underline">
          Follow it
        </Link>
      </p>
    );
  }
  if (!openUntil) return null;
  return (
    <section
      aria-label="Not happy with the work?"
      className="space-y-2 rounded-2xl border border-slate-200 bg-white p-4"
    >
      <h3 className="font-semibold text-slate-950">Not happy with the work?</h3>
      {open ? (
        <ReworkForm booking={booking} onCancel={() => setOpen(false)} />
      ) : (
        <>
          <p className="text-sm text-slate-700">
            We put it right for free, with the same mate if they are free. Ask until{" "}
            {dayFormat.format(new Date(openUntil))}.
          </p>
          <button
            type="button"
            onClick={() => setOpen(true)}
            className="rounded-xl border border-slate-300 px-4 py-2 font-semibold text-slate-900 hover:bg-slate-50"
          >
            Ask for free re-work
          </button>
        </>
      )}
    </section>
  );
}

/** On a re-work booking: what the customer said was wrong, and their photos. */
export function ReworkOf({ booking }: { booking: Booking }) {
  const of = booking.rework.of;
  if (!of) return null;
  return (
    <section aria-label="Free re-work" className="space-y-2 rounded-2xl border border-slate-200 bg-white p-4">
      <h3 className="font-semibold text-slate-950">Free re-work of an earlier booking</h3>
      <p className="text-slate-800">{of.description}</p>
      {of.photos.length > 0 ? (
        <ul aria-label="Your photos" className="flex flex-wrap gap-2">
          {of.photos.map((url, index) => (
            <li key={url}>
              <img
                src={url}
                alt={`What was wrong, as you showed it (${index + 1} of ${of.photos.length})`}
                className="size-24 rounded-xl object-cover"
              />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
