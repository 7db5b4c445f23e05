import type { CollectionMethod } from "#domain/job.ts";
import type { MateJob } from "#domain/mate-app.ts";
import type { messages } from "./messages/en-IN.ts";

/** The ids of the mate app's job messages (`mateAppMessages`). */
export type MateAppKey = keyof typeof messages;

/** How the mate's screens name a job's status. */
export const STATUS_KEY: Record<MateJob["status"], MateAppKey> = {
  finding: "statusFinding",
  unassigned: "statusUnassigned",
  assigned: "statusAssigned",
  on_the_way: "statusOnTheWay",
  arrived: "statusArrived",
  in_progress: "statusInProgress",
  completed: "statusCompleted",
  paid: "statusPaid",
  cancelled: "statusCancelled",
};

/** How the mate's screens name the ways of collecting a bill. */
export const METHOD_KEY: Record<CollectionMethod, MateAppKey> = { cash: "cash", upi: "upi" };

/** The job's steps and history entries by action; an action not listed keeps the server's label. */
export const ACTION_KEY: Readonly<Record<string, MateAppKey>> = {
  assign: "histAssign",
  unassign: "histUnassign",
  release: "histRelease",
  withdraw: "histWithdraw",
  reschedule: "histReschedule",
  no_show: "histNoShow",
  on_the_way: "statusOnTheWay",
  arrive: "statusArrived",
  start: "histStarted",
  complete: "histCompleted",
  collect: "stepCollect",
  settle_online: "paidOnline",
  settle_free: "histFree",
  expire: "histExpire",
  cancel: "histCancel",
  payment_received: "paidOnline",
  place: "histBooked",
  at_risk: "histAtRisk",
  no_show_offered: "histNoShowOffered",
  start_code_wrong: "histCodeWrong",
  start_code_locked: "histCodeLocked",
  start_code_unlocked: "histCodeUnlocked",
  extra_proposed: "histExtraProposed",
  extra_approved: "histExtraApproved",
  extra_declined: "histExtraDeclined",
  auto_closed: "histAutoClosed",
  refund_requested: "histRefundStarted",
  refund_processed: "histRefundProcessed",
  rated: "histRated",
  rating_changed: "histRatingChanged",
  rework_requested: "histReworkAsked",
  rework: "histRework",
};

/** The next step's button, by action (the history says "Started", the button "Start"). */
export const STEP_KEY: Readonly<Record<string, MateAppKey>> = {
  on_the_way: "statusOnTheWay",
  arrive: "statusArrived",
  start: "stepStart",
  complete: "stepComplete",
  collect: "stepCollect",
};
