import { BadgeCheck, Star } from "lucide-react";
import { useState } from "react";
import { lazyDateFormats } from "#domain/date-format.ts";
import { formatStars, type Review } from "#domain/rating.ts";
import { activeLocale } from "#web/i18n/i18n.ts";
import { useT } from "#web/i18n/use-t.tsx";
import { useServiceReviews } from "./ratings-api.ts";
import { ratingsMessages, TAG_KEY } from "./ratings-messages.ts";

const dateFormat = lazyDateFormats({
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "Asia/Kolkata",
});

/** Stars as a picture, read out as "4 out of 5 stars". */
export function Stars({ value, size = "size-4" }: { value: number; size?: string }) {
  const t = useT(ratingsMessages);
  const rounded = Math.round(value);
  return (
    <span role="img" aria-label={t("outOfFive", { stars: formatStars(value) })} className="inline-flex">
      {[1, 2, 3, 4, 5].map((star) => (
        <Star
          key={star}
          aria-hidden="true"
          className={`${size} ${star <= rounded ? "fill-amber-400 text-amber-500" : "text-slate-300"}`}
        />
      ))}
    </span>
  );
}

function ReviewItem({ review }: { review: Review }) {
  const t = useT(ratingsMessages);
  return (
    <li className="py-4">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Stars value={review.stars} />
        <span className="font-semibold text-slate-900">
          {review.name}, {review.locality}
        </span>
        <span className="inline-flex items-center gap-1 text-sm font-medium text-brand-800">
          <BadgeCheck className="size-4" aria-hidden="true" />
          {t("verified")}
        </span>
        <time dateTime={review.at} className="text-sm text-slate-600">
          {dateFormat(activeLocale()).format(new Date(review.at))}
        </time>
      </div>
      {review.tags.length > 0 ? (
        <p className="mt-1 text-sm text-slate-700">{review.tags.map((tag) => t(TAG_KEY[tag])).join(" · ")}</p>
      ) : null}
      {review.comment ? <p className="mt-1 whitespace-pre-line text-slate-800">{review.comment}</p> : null}
    </li>
  );
}

/** A service's reviews on its page: the average and count, then 10 a page, newest first. */
export function ServiceReviews({ service }: { service: string }) {
  const t = useT(ratingsMessages);
  const [page, setPage] = useState(1);
  const reviews = useServiceReviews(service, page);
  const data = reviews.data;
  return (
    <section aria-labelledby="reviews-heading" className="rounded-2xl border border-slate-200 bg-white p-5">
      <h2 id="reviews-heading" className="text-xl font-bold text-slate-950">
        {t("reviews")}
      </h2>
      {reviews.isError ? (
        <p role="alert" className="mt-2 text-slate-700">
          {t("reviewsFailed", { message: reviews.error.message })}
        </p>
      ) : !data ? (
        <p className="mt-2 text-slate-600">{t("loadingReviews")}</p>
      ) : !data.summary ? (
        <p className="mt-2 text-slate-700">{t("noReviews")}</p>
      ) : (
        <>
          <p className="mt-2 flex flex-wrap items-center gap-2 text-slate-800" data-testid="reviews-summary">
            <span className="text-2xl font-bold text-slate-950">{formatStars(data.summary.average)}</span>
            <Stars value={data.summary.average} size="size-5" />
            <span>{t("fromReviews", { count: data.summary.count })}</span>
          </p>
          <ol aria-label={t("newestFirst")} className="mt-2 divide-y divide-slate-200">
            {data.reviews.map((review) => (
              <ReviewItem key={`${review.at}/${review.name}`} review={review} />
            ))}
          </ol>
          {data.pages > 1 ? (
            <nav aria-label={t("reviewPages")} className="mt-2 flex items-center justify-between gap-3 text-sm">
              <button
                type="button"
                disabled={page <= 1}
                onClick={() => setPage(page - 1)}
                className="rounded-lg border border-slate-300 px-3 py-1.5 font-semibold disabled:opacity-50"
              >
                {t("newer")}
              </button>
              <span className="text-slate-700">{t("pageOf", { page: data.page, pages: data.pages })}</span>
              <button
                type="button"
                disabled={page >= data.pages}
                onClick={() => setPage(page + 1)}
                className="rounded-lg border border-slate-300 px-3 py-1.5 font-semibold disabled:opacity-50"
              >
                {t("older")}
              </button>
            </nav>
          ) : null}
        </>
      )}
    </section>
  );
}
