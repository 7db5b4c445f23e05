import { useMutation, useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { HELP_RULES } from "#domain/help.ts";
import { type MateCase, mateCasesSchema } from "#domain/help-api.ts";
import { formatSlotTime } from "#domain/slot-time.ts";
import { activeLocale } from "#web/i18n/i18n.ts";
import { useT } from "#web/i18n/use-t.tsx";
import { apiGet, apiSend } from "#web/lib/api-client.ts";
import { appQueryClient } from "#web/lib/query-client.ts";
import { mateKeys, refreshMate } from "./mate-api.ts";
import { mateAppMessages } from "./mate-app-messages.ts";

/*
 * A case about the mate's job (issue 38, record 060): only what Mates support shared with the mate
 * (their question) and the mate's own answers; the answer box while the case is worked on.
 */

const casesPath = (jobId: string) => `/api/mate/jobs/${encodeURIComponent(jobId)}/cases`;

function useJobCases(jobId: string) {
  return useQuery(
    {
      queryKey: [...mateKeys.job(jobId), "cases"],
      queryFn: ({ signal }) => apiGet(casesPath(jobId), mateCasesSchema, { signal }).then((body) => body.cases),
      staleTime: 0,
    },
    appQueryClient,
  );
}

function Answer({ jobId, one }: { jobId: string; one: MateCase }) {
  const t = useT(mateAppMessages);
  const [body, setBody] = useState("");
  const id = useId();
  const answer = useMutation(
    {
      mutationFn: () =>
        apiSend("POST", `${casesPath(jobId)}/${encodeURIComponent(one.id)}/messages`, { body }, mateCasesSchema),
      onSuccess: () => {
        setBody("");
        refreshMate();
      },
    },
    appQueryClient,
  );
  return (
    <form
      className="space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (body.trim() !== "") answer.mutate();
      }}
    >
      <label htmlFor={id} className="font-semibold text-slate-950">
        {t("caseAnswer")}
      </label>
      <textarea
        id={id}
        value={body}
        onChange={(event) => setBody(event.target.value)}
        maxLength={HELP_RULES.messageMax}
        rows={3}
        className="w-full rounded-xl border border-slate-300 p-3 text-slate-900"
      />
      {answer.isError ? (
        <p role="alert" className="font-medium text-red-900">
          {answer.error.message}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={answer.isPending || body.trim() === ""}
        className="rounded-xl border border-slate-300 bg-white px-4 py-2 font-semibold text-slate-900 hover:bg-slate-50 disabled:opacity-60"
      >
        {t("send")}
      </button>
    </form>
  );
}

/** The cases about this job that Mates support shared with its mate; nothing when there are none. */
export function JobCases({ jobId }: { jobId: string }) {
  const t = useT(mateAppMessages);
  const cases = useJobCases(jobId);
  if (!cases.data || cases.data.length === 0) return null;
  return (
    <>
      {cases.data.map((one) => (
        <section
          key={one.id}
          aria-labelledby={`case-${one.id}-heading`}
          className="space-y-2 rounded-2xl border border-amber-300 bg-amber-50 p-4"
        >
          <h2 id={`case-${one.id}-heading`} className="font-semibold text-slate-950">
            {t("caseAbout", { problem: one.problemText })}
          </h2>
          <p className="text-sm text-slate-700">{one.statusText}</p>
          <ol className="space-y-2">
            {one.entries.map((entry) => (
              <li key={entry.id} className="rounded-xl bg-white p-3">
                <p className="text-sm text-slate-700">
                  <span className="font-semibold text-slate-950">{entry.authorName}</span> ·{" "}
                  <time dateTime={entry.at}>{formatSlotTime(new Date(entry.at), activeLocale())}</time>
                </p>
                <p className="mt-1 whitespace-pre-line text-slate-900">{entry.body}</p>
              </li>
            ))}
          </ol>
          {one.canAnswer ? <Answer jobId={jobId} one={one} /> : null}
        </section>
      ))}
    </>
  );
}
