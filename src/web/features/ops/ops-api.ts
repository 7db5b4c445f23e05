import { useInfiniteQuery, useMutation, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { type AdjustmentInput, adjustmentResponseSchema } from "#domain/adjustments.ts";
import {
  type ApplicationStatus,
  applicationListSchema,
  applicationResponseSchema,
  type VerificationChecklist,
} from "#domain/applications.ts";
import type { Availability } from "#domain/availability.ts";
import { deskCaseSchema, deskQueueSchema } from "#domain/help-api.ts";
import {
  type AuditQuery,
  assignCandidatesSchema,
  auditListSchema,
  type OpsBookingQuery,
  opsBookingListSchema,
  opsBookingResponseSchema,
  opsChatSchema,
  opsCustomerListSchema,
  opsCustomerResponseSchema,
  opsMateListSchema,
  opsMateResponseSchema,
  opsOperatorListSchema,
} from "#domain/ops.ts";
import { apiGet, apiSend } from "#web/lib/api-client.ts";
import { appQueryClient, rereadQueries } from "#web/lib/query-client.ts";

/** The operator console's requests (`/api/ops/*`); every answer is checked against the domain's schema. */

const OPS = ["ops"] as const;

/** After any change, and on the server's `ops` event: every console screen reads again. */
export function refreshOps(): void {
  rereadQueries(OPS);
}

function useRead<T>(key: readonly unknown[], path: string, schema: z.ZodType<T>, enabled = true) {
  return useQuery(
    {
      queryKey: [...OPS, ...key],
      queryFn: ({ signal }) => apiGet(path, schema, { signal }),
      staleTime: 0,
      enabled,
    },
    appQueryClient,
  );
}

function useChange<I, T>(send: (input: I) => Promise<T>) {
  return useMutation({ mutationFn: send, onSuccess: refreshOps }, appQueryClient);
}

const query = (params: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params))
    if (value !== undefined && value !== "") search.set(name, String(value));
  const text = search.toString();
  return text ? `?${text}` : "";
};
const at = (...parts: string[]) => `/api/ops/${parts.map(encodeURIComponent).join("/")}`;

// Applications
export const useApplications = (status: ApplicationStatus) =>
  useRead(["applications", status], `/api/ops/applications${query({ status })}`, applicationListSchema);
export const useApplication = (id: string) =>
  useRead(["application", id], at("applications", id), applicationResponseSchema);
export const useVerifyApplication = (id: string) =>
  useChange((checklist: VerificationChecklist) =>
    apiSend("POST", `${at("applications", id)}/verify`, checklist, applicationResponseSchema),
  );
export const useRejectApplication = (id: string) =>
  useChange((reason: string) =>
    apiSend("POST", `${at("applications", id)}/reject`, { reason }, applicationResponseSchema),
  );

// Mates
export const useMates = (q: string) => useRead(["mates", q], `/api/ops/mates${query({ q })}`, opsMateListSchema);
export const useMate = (id: string) => useRead(["mate", id], at("mates", id), opsMateResponseSchema);
export const useEditMate = (id: string) =>
  useChange((edit: { skills?: string[]; availability?: Availability }) =>
    apiSend("PATCH", at("mates", id), edit, opsMateResponseSchema),
  );
export const useMateStanding = (id: string) =>
  useChange(({ action, reason }: { action: "suspend" | "reinstate"; reason: string }) =>
    apiSend("POST", `${at("mates", id)}/${action}`, { reason }, opsMateResponseSchema),
  );
export const useInviteMateBySms = (id: string) =>
  useChange((phoneNumber: string) =>
    apiSend("POST", `${at("mates", id)}/sms-invitation`, { phoneNumber }, opsMateResponseSchema),
  );
export const useMatePhoneNumber = (id: string) =>
  useChange((input: { phoneNumber: string; reason: string }) =>
    apiSend("PUT", `${at("mates", id)}/phone-number`, input, opsMateResponseSchema),
  );
export const useAdjustMate = (id: string) =>
  useChange((input: AdjustmentInput) =>
    apiSend("POST", `${at("mates", id)}/adjustments`, input, adjustmentResponseSchema),
  );

// Bookings
export const useOpsBookings = (filters: OpsBookingQuery) =>
  useRead(["bookings", filters], `/api/ops/bookings${query(filters)}`, opsBookingListSchema);
export const useOpsBooking = (id: string) => useRead(["booking", id], at("bookings", id), opsBookingResponseSchema);
export const useCandidates = (bookingId: string, jobId: string | undefined) =>
  useRead(
    ["candidates", bookingId, jobId],
    `${at("bookings", bookingId, "jobs", jobId ?? "-")}/candidates`,
    assignCandidatesSchema,
    jobId !== undefined,
  );
export const useAssign = (bookingId: string) =>
  useChange(({ jobId, mateId }: { jobId: string; mateId: string }) =>
    apiSend("POST", `${at("bookings", bookingId, "jobs", jobId)}/assign`, { mateId }, opsBookingResponseSchema),
  );
export const useUnlockStartCode = (bookingId: string) =>
  useChange(() => apiSend("POST", `${at("bookings", bookingId)}/unlock-start-code`, {}, opsBookingResponseSchema));
export const useCancelBooking = (bookingId: string) =>
  useChange((reason: string) =>
    apiSend("POST", `${at("bookings", bookingId)}/cancel`, { reason }, opsBookingResponseSchema),
  );

/** Reading a booking's chat for a dispute: with a reason, written to the audit log. */
export const useReadChat = (bookingId: string) =>
  useChange((reason: string) => apiSend("POST", `${at("bookings", bookingId)}/chat`, { reason }, opsChatSchema));

// The resolution desk (issue 38)
export const useDeskQueue = (status: "live" | "all") =>
  useRead(["cases", status], `/api/ops/cases${query({ status })}`, deskQueueSchema);
export const useDeskCase = (id: string) => useRead(["case", id], at("cases", id), deskCaseSchema);
export type DeskStep = "answer" | "ask" | "resolve" | "close";
export const useDeskStep = (id: string) =>
  useChange(({ step, message }: { step: DeskStep; message: string }) =>
    apiSend("POST", `${at("cases", id)}/${step}`, { message }, deskCaseSchema),
  );
/** The desk's decisions and its actions on the job's mate (record 060). */
export type DeskAction = "decide" | "reassign" | "warn" | "suspend" | "ask-mate";
export const useDeskAction = (id: string) =>
  useChange(({ action, body }: { action: DeskAction; body: Record<string, unknown> }) =>
    apiSend("POST", `${at("cases", id)}/${action}`, body, deskCaseSchema),
  );

// Customers
export const useCustomers = (q: string) =>
  useRead(["customers", q], `/api/ops/customers${query({ q })}`, opsCustomerListSchema);
export const useCustomer = (id: string) => useRead(["customer", id], at("customers", id), opsCustomerResponseSchema);
export const useCustomerStanding = (id: string) =>
  useChange(({ action, reason }: { action: "disable" | "enable"; reason: string }) =>
    apiSend("POST", `${at("customers", id)}/${action}`, { reason }, opsCustomerResponseSchema),
  );

// Operators and the audit log
export const useOperators = () => useRead(["operators"], "/api/ops/operators", opsOperatorListSchema);
export const useInviteOperator = () =>
  useChange((email: string) => apiSend("POST", "/api/ops/operators", { email }, opsOperatorListSchema));

export function useAudit(filters: Omit<AuditQuery, "before">) {
  return useInfiniteQuery(
    {
      queryKey: [...OPS, "audit", filters],
      queryFn: ({ pageParam, signal }) =>
        apiGet(`/api/ops/audit${query({ ...filters, before: pageParam })}`, auditListSchema, { signal }),
      initialPageParam: undefined as number | undefined,
      getNextPageParam: (page) => page.nextBefore ?? undefined,
      staleTime: 0,
    },
    appQueryClient,
  );
}
