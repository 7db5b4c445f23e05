import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { bookingResponseSchema } from "#domain/booking.ts";
import { mateRatingsSchema, opsReviewListSchema, type RatingInput, reviewPageSchema } from "#domain/rating.ts";
import { apiGet, apiSend } from "#web/lib/api-client.ts";
import { appQueryClient } from "#web/lib/query-client.ts";

/** The requests of ratings and reviews: rating a booking, a service's reviews, a mate's own, the console's. */
export const ratingKeys = {
  reviews: (service: string, page: number) => ["reviews", service, page] as const,
  mine: ["ratings", "mate"] as const,
  ops: ["ratings", "ops"] as const,
};

export function useRateBooking(bookingId: string) {
  return useMutation(
    {
      mutationFn: (input: RatingInput) =>
        apiSend("PUT", `/api/bookings/${bookingId}/rating`, input, bookingResponseSchema).then((body) => body.booking),
    },
    appQueryClient,
  );
}

export function useServiceReviews(service: string, page: number) {
  return useQuery(
    {
      queryKey: ratingKeys.reviews(service, page),
      queryFn: ({ signal }) =>
        apiGet(`/api/services/${encodeURIComponent(service)}/reviews?page=${page}`, reviewPageSchema, { signal }),
      placeholderData: keepPreviousData,
    },
    appQueryClient,
  );
}

export function useMateRatings() {
  return useQuery(
    { queryKey: ratingKeys.mine, queryFn: ({ signal }) => apiGet("/api/mate/ratings", mateRatingsSchema, { signal }) },
    appQueryClient,
  );
}

export function useOpsReviews() {
  return useQuery(
    {
      queryKey: ratingKeys.ops,
      queryFn: ({ signal }) => apiGet("/api/ops/reviews", opsReviewListSchema, { signal }).then((body) => body.reviews),
    },
    appQueryClient,
  );
}

export function useHideReview() {
  return useMutation(
    {
      mutationFn: ({ bookingId, hide, reason }: { bookingId: string; hide: boolean; reason: string }) =>
        apiSend(
          "POST",
          `/api/ops/reviews/${bookingId}/${hide ? "hide" : "show"}`,
          { reason },
          opsReviewListSchema,
        ).then((body) => body.reviews),
      onSuccess: (reviews) => appQueryClient.setQueryData(ratingKeys.ops, reviews),
    },
    appQueryClient,
  );
}
