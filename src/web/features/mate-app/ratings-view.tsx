import { lazyDateFormats } from "#domain/date-format.ts";
import { formatStars, type RatingTag } from "#domain/rating.ts";
import { Stars, useMateRatings } from "#web/features/ratings/public.ts";
import { activeLocale } from "#web/i18n/i18n.ts";
import { useT } from "#web/i18n/use-t.tsx";
import { ErrorState } from "#web/shell/error-state.tsx";
import { LoadingState } from "#web/shell/loading-state.tsx";
import type { MateAppKey } from "./job-words.ts";
import { mateAppMessages } from "./mate-app-messages.ts";

const dateFormat = lazyDateFormats({
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "Asia/Kolkata",
});

const TAG_KEY: Record<RatingTag, MateAppKey> = {
  on_time: "tagOnTime",
  polite: "tagPolite",
  quality: "tagQuality",
  cleaned_up: "tagCleanedUp",
};

/** The mate's rating and what customers said, newest first; who said it is never shown. */
export function RatingsView() {
  const t = useT(mateAppMessages);
  const ratings = useMateRatings();
  if (ratings.isPending) return <LoadingState />;
  if (ratings.isError) {
    return (
      <ErrorState title={t("ratingsError")} message={ratings.error.message} onRetry={() => void ratings.refetch()} />
    );
  }
  const { rating, fromRatings, count, ratings: list } = ratings.data;
  return (
    <div className="space-y-4">
      <section aria-label={t("yourRating")} className="rounded-2xl border border-slate-200 bg-white p-4">
        {rating === null ? (
          <p className="text-slate-800">{t("noRating")}</p>
        ) : (
          <p className="flex flex-wrap items-center gap-2 text-slate-800">
            <span className="text-2xl font-bold text-slate-950">{formatStars(rating)}</span>
            <Stars value={rating} size="size-5" />
            <span>{fromRatings ? t("ratingFromCustomers") : t("ratingFromJoining")}</span>
          </p>
        )}
      </section>
      {count === 0 ? (
        <p className="text-slate-700">{t("noRatings")}</p>
      ) : (
        <ol aria-label={t("ratingsList")} className="space-y-3">
          {list.map((entry) => (
            <li key={`${entry.at}/${entry.serviceTitle}`} className="rounded-2xl border border-slate-200 bg-white p-4">
              <p className="flex flex-wrap items-center gap-x-3">
                <Stars value={entry.stars} />
                <span className="font-semibold text-slate-900">{entry.serviceTitle}</span>
                <time dateTime={entry.at} className="text-sm text-slate-600">
                  {dateFormat(activeLocale()).format(new Date(entry.at))}
                </time>
              </p>
              {entry.tags.length > 0 ? (
                <p className="text-sm text-slate-700">{entry.tags.map((tag) => t(TAG_KEY[tag])).join(" · ")}</p>
              ) : null}
              {entry.comment ? <p className="mt-1 text-slate-800">{entry.comment}</p> : null}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
