import { Link } from "react-router";
import { TAG_TEXT } from "#domain/rating.ts";
import { Stars, useHideReview, useOpsReviews } from "#web/features/ratings/public.ts";
import { formatWhen, Loaded, ReasonDialog, Section } from "./ops-ui.tsx";

/**
 * The newest reviews, hidden ones included: an operator hides an abusive one (it then shows nowhere
 * and counts for nobody) or shows it again, each with a reason the audit log keeps.
 */
export function ReviewsView() {
  const reviews = useOpsReviews();
  const change = useHideReview();
  return (
    <Section title="Reviews">
      <Loaded query={reviews} what="The reviews">
        {(list) =>
          list.length === 0 ? (
            <p className="text-slate-700">No reviews yet.</p>
          ) : (
            <ol aria-label="Newest reviews" className="divide-y divide-slate-200">
              {list.map((review) => (
                <li key={review.bookingId} aria-label={`Review by ${review.customer}`} className="py-3">
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    <Stars value={review.stars} />
                    <span className="font-semibold text-slate-900">{review.customer}</span>
                    <span className="text-sm text-slate-700">{review.services.join(", ")}</span>
                    <span className="text-sm text-slate-600">{formatWhen(review.at)}</span>
                    <Link
                      to={`/ops/bookings/${review.bookingId}`}
                      className="text-sm font-semibold text-brand-900 underline"
                    >
                      Booking
                    </Link>
                  </div>
                  {review.tags.length > 0 ? (
                    <p className="text-sm text-slate-700">{review.tags.map((tag) => TAG_TEXT[tag]).join(" · ")}</p>
                  ) : null}
                  {review.comment ? <p className="mt-1 text-slate-800">{review.comment}</p> : null}
                  <div className="mt-2 flex flex-wrap items-center gap-3">
                    {review.hidden ? (
                      <>
                        <p className="text-sm font-medium text-red-900">
                          Hidden {formatWhen(review.hidden.at)}: {review.hidden.reason}
                        </p>
                        <ReasonDialog
                          trigger="Show again"
                          title="Show this review again?"
                          description="It will show on the service's page and count for its mates again."
                          confirm="Show again"
                          danger={false}
                          onConfirm={(reason) =>
                            change.mutateAsync({ bookingId: review.bookingId, hide: false, reason })
                          }
                        />
                      </>
                    ) : (
                      <ReasonDialog
                        trigger="Hide review"
                        title="Hide this review?"
                        description="A hidden review shows nowhere and counts for nobody's rating. The reason is kept in the audit log."
                        confirm="Hide review"
                        onConfirm={(reason) => change.mutateAsync({ bookingId: review.bookingId, hide: true, reason })}
                      />
                    )}
                  </div>
                </li>
              ))}
            </ol>
          )
        }
      </Loaded>
    </Section>
  );
}
