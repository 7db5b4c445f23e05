import { useState } from "react";
import { Link } from "react-router";
import { SkillChecklist, useServiceTitles } from "#web/features/catalogue/public.ts";
import { AvailabilityEditor } from "#web/features/mate-app/public.ts";
import { AdjustmentForm } from "./mate-adjustment.tsx";
import { MateSignIn } from "./mate-sign-in.tsx";
import { useEditMate, useMate, useMateStanding, useMates } from "./ops-api.ts";
import { buttonClass, formatWhen, Loaded, Outcome, ReasonDialog, SearchedList, Section } from "./ops-ui.tsx";

/** Mates by name, id, locality, skill or e-mail. */
export function MatesView() {
  const [q, setQ] = useState("");
  const list = useMates(q);
  const serviceTitle = useServiceTitles("en-IN");
  return (
    <SearchedList
      title="Mates"
      label="Name, id, locality, skill or e-mail"
      what="The mates"
      query={{ ...list, data: list.data?.mates }}
      onSearch={setQ}
      empty="No mate matches."
      href={(mate) => `/ops/mates/${mate.id}`}
      name={(mate) => mate.name}
      line={(mate) =>
        `${mate.id} · ${mate.homeLocality} · ${mate.skills.map(serviceTitle).join(", ")} · ${mate.rating === null ? "not rated yet" : `${mate.rating.toFixed(1)} ★`} · ${mate.jobsDone} jobs${mate.suspendedAt ? " · suspended" : ""}`
      }
    />
  );
}

function Skills({ id, skills }: { id: string; skills: string[] }) {
  const edit = useEditMate(id);
  const [selected, setSelected] = useState<string[]>(skills);
  return (
    <form
      aria-label="Skills"
      onSubmit={(event) => {
        event.preventDefault();
        edit.mutate({ skills: selected });
      }}
    >
      <SkillChecklist
        locale="en-IN"
        legend="The services this mate is verified for"
        selected={selected}
        onChange={setSelected}
      />
      <button type="submit" className={`${buttonClass} mt-3`} disabled={edit.isPending || selected.length === 0}>
        Save skills
      </button>
      <Outcome error={edit.error} done={edit.isSuccess ? "Skills saved." : undefined} />
    </form>
  );
}

/** One mate: standing, skills, hours and jobs; edit, suspend or reinstate. */
export function MateView({ id }: { id: string }) {
  const serviceTitle = useServiceTitles("en-IN");
  const query = useMate(id);
  const standing = useMateStanding(id);
  const edit = useEditMate(id);
  return (
    <Loaded query={query} what="The mate">
      {({ mate }) => (
        <div className="space-y-4">
          <Section
            title={mate.name}
            actions={
              mate.suspendedAt ? (
                <ReasonDialog
                  trigger="Reinstate"
                  danger={false}
                  title={`Reinstate ${mate.name}?`}
                  description="They are offered new jobs again at once."
                  confirm="Reinstate"
                  onConfirm={(reason) => standing.mutateAsync({ action: "reinstate", reason })}
                />
              ) : (
                <ReasonDialog
                  trigger="Suspend"
                  title={`Suspend ${mate.name}?`}
                  description="They get no new jobs. Their jobs not yet under way go to the next best free mate now, and the customers see it live."
                  confirm="Suspend"
                  onConfirm={(reason) => standing.mutateAsync({ action: "suspend", reason })}
                />
              )
            }
          >
            <p className="text-slate-800">
              {mate.id} · {mate.homeLocality} · {mate.phone ?? "no phone"} ·{" "}
              {mate.email ?? (mate.signInNumber ? "signs in by mobile number" : "not invited yet")}
            </p>
            <p className="text-slate-800">
              {mate.rating === null ? "Not rated yet" : `Rated ${mate.rating.toFixed(1)} of 5`} · {mate.jobsDone} jobs
              done · {mate.verifiedAt ? `verified since ${formatWhen(mate.verifiedAt)}` : "not verified"}
            </p>
            {mate.suspendedAt ? (
              <p className="mt-2 font-semibold text-red-900">Suspended since {formatWhen(mate.suspendedAt)}</p>
            ) : null}
            {mate.applicationId ? (
              <Link
                to={`/ops/applications/${mate.applicationId}`}
                className="mt-2 inline-block text-brand-900 underline"
              >
                Their application
              </Link>
            ) : null}
          </Section>
          <Section title="Jobs">
            {mate.jobs.length === 0 ? (
              <p className="text-slate-700">No jobs.</p>
            ) : (
              <ul className="divide-y divide-slate-200">
                {mate.jobs.map((job) => (
                  <li key={job.jobId} className="py-2 text-slate-800">
                    <Link to={`/ops/bookings/${job.bookingId}`} className="font-semibold text-brand-900 underline">
                      {formatWhen(job.start)}
                    </Link>{" "}
                    · {serviceTitle(job.service)} · {job.locality} · {job.status.replaceAll("_", " ")}
                  </li>
                ))}
              </ul>
            )}
          </Section>
          <Section title={`No-shows: ${mate.noShows.length}`}>
            {mate.noShows.length === 0 ? (
              <p className="text-slate-700">None: every job they kept, they came to.</p>
            ) : (
              <ul className="divide-y divide-slate-200">
                {mate.noShows.map((noShow) => (
                  <li key={`${noShow.jobId}:${noShow.at}`} className="py-2 text-slate-800">
                    <Link to={`/ops/bookings/${noShow.bookingId}`} className="font-semibold text-brand-900 underline">
                      {formatWhen(noShow.at)}
                    </Link>{" "}
                    · {serviceTitle(noShow.service)} · the customer let the job go
                  </li>
                ))}
              </ul>
            )}
          </Section>
          <Section title="Sign-in by mobile number">
            <MateSignIn mateId={mate.id} signInNumber={mate.signInNumber} invitationNumber={mate.invitationNumber} />
          </Section>
          <Section title="Adjust the balance">
            <AdjustmentForm mateId={mate.id} />
          </Section>
          <Section title="Skills">
            <Skills key={mate.skills.join()} id={mate.id} skills={mate.skills} />
          </Section>
          <Section title="Hours">
            <AvailabilityEditor
              key={JSON.stringify(mate.availability)}
              initial={mate.availability}
              save={{ ...edit, mutate: (availability) => edit.mutate({ availability }) }}
              savedText="Saved. Customers are offered these hours now."
            />
          </Section>
        </div>
      )}
    </Loaded>
  );
}
