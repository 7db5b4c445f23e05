import { useMutation, useQuery } from "@tanstack/react-query";
import { useCallback } from "react";
import { z } from "zod";
import { type Availability, availabilitySchema } from "#domain/availability.ts";
import type { CollectionMethod } from "#domain/job.ts";
import { earningsSchema, type MateJob, mateJobResponseSchema, mateJobsResponseSchema } from "#domain/mate-app.ts";
import { mateMeSchema } from "#domain/mate-money.ts";
import { mateJobInLanguage } from "#domain/names-in-language.ts";
import { useTranslatedServices } from "#web/features/catalogue/public.ts";
import { apiGet, apiSend } from "#web/lib/api-client.ts";
import { appQueryClient, rereadQueries } from "#web/lib/query-client.ts";

type MateJobs = z.infer<typeof mateJobsResponseSchema>;

/** The mate app's requests (`/api/mate/*`); every answer is checked against the domain's schema. */

export const mateKeys = {
  all: ["mate"] as const,
  me: ["mate", "me"] as const,
  jobs: ["mate", "jobs"] as const,
  job: (id: string) => ["mate", "job", id] as const,
  earnings: ["mate", "earnings"] as const,
};

/** Any change to a mate's jobs: every mate screen reads again. */
export function refreshMate(): void {
  rereadQueries(mateKeys.all);
}

export function useMateProfile() {
  return useQuery(
    {
      queryKey: mateKeys.me,
      queryFn: ({ signal }) => apiGet("/api/mate/me", z.object({ mate: mateMeSchema }), { signal }),
      select: (body) => body.mate,
    },
    appQueryClient,
  );
}

export function useMateJobs() {
  const services = useTranslatedServices();
  const select = useCallback(
    (jobs: MateJobs): MateJobs => {
      if (!services) return jobs;
      const named = (list: MateJob[]) => list.map((job) => mateJobInLanguage(job, services));
      return { ...jobs, today: named(jobs.today), upcoming: named(jobs.upcoming), recent: named(jobs.recent) };
    },
    [services],
  );
  return useQuery(
    {
      queryKey: mateKeys.jobs,
      queryFn: ({ signal }) => apiGet("/api/mate/jobs", mateJobsResponseSchema, { signal }),
      staleTime: 0,
      select,
      refetchInterval: 60_000,
    },
    appQueryClient,
  );
}

export function useMateJob(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  const services = useTranslatedServices();
  const select = useCallback((job: MateJob) => (services ? mateJobInLanguage(job, services) : job), [services]);
  return useQuery(
    {
      queryKey: mateKeys.job(id),
      queryFn: ({ signal }) =>
        apiGet(`/api/mate/jobs/${encodeURIComponent(id)}`, mateJobResponseSchema, { signal }).then((b) => b.job),
      staleTime: 0,
      enabled,
      select,
    },
    appQueryClient,
  );
}

export function useEarnings() {
  return useQuery(
    {
      queryKey: mateKeys.earnings,
      queryFn: ({ signal }) => apiGet("/api/mate/earnings", earningsSchema, { signal }),
      staleTime: 0,
    },
    appQueryClient,
  );
}

export type StepRequest =
  | { path: "on-the-way" | "arrive" | "complete" }
  | { path: "start"; code: string }
  | { path: "collect"; method: CollectionMethod };

/** One step of the day on a job; the answer is the job as it now is. */
export function useJobStep(id: string) {
  return useMutation(
    {
      mutationFn: ({ path, ...body }: StepRequest) =>
        apiSend("POST", `/api/mate/jobs/${encodeURIComponent(id)}/${path}`, body, mateJobResponseSchema),
      onSuccess: (body) => {
        appQueryClient.setQueryData(mateKeys.job(id), body.job);
        refreshMate();
      },
      onError: refreshMate,
    },
    appQueryClient,
  );
}

export function useAddExtra(id: string) {
  return useMutation(
    {
      mutationFn: (extra: { description: string; priceRupees: number }) =>
        apiSend("POST", `/api/mate/jobs/${encodeURIComponent(id)}/extras`, extra, mateJobResponseSchema),
      onSuccess: (body) => {
        appQueryClient.setQueryData(mateKeys.job(id), body.job);
        refreshMate();
      },
    },
    appQueryClient,
  );
}

export function useReleaseJob(id: string) {
  return useMutation(
    {
      mutationFn: (reason: string) =>
        apiSend(
          "POST",
          `/api/mate/jobs/${encodeURIComponent(id)}/release`,
          { reason },
          z.object({ released: z.literal(true), jobId: z.string() }),
        ),
      // A read of the job already under way would come back after the release as a 404.
      onMutate: () => appQueryClient.cancelQueries({ queryKey: mateKeys.job(id), exact: true }),
      onSuccess: () => {
        // The job is no longer this mate's: forgotten, not invalidated, so nothing reads it again.
        appQueryClient.removeQueries({ queryKey: mateKeys.job(id), exact: true });
        refreshMate();
      },
    },
    appQueryClient,
  );
}

export function useSaveAvailability() {
  return useMutation(
    {
      mutationFn: (availability: Availability) =>
        apiSend("PUT", "/api/mate/availability", availability, z.object({ availability: availabilitySchema })),
      onSuccess: refreshMate,
    },
    appQueryClient,
  );
}
