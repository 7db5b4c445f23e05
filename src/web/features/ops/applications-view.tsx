import { useState } from "react";
import { Link } from "react-router";
import { type ApplicationDetail, type ApplicationStatus, DOCUMENT_KIND_LABEL } from "#domain/applications.ts";
import { useServiceTitles } from "#web/features/catalogue/public.ts";
import { useApplication, useApplications, useRejectApplication, useVerifyApplication } from "./ops-api.ts";
import { buttonClass, FoundList, formatWhen, inputClass, Loaded, Outcome, ReasonDialog, Section } from "./ops-ui.tsx";

const STATUS_LABEL: Record<ApplicationStatus, string> = {
  received: "To check",
  verified: "Verified",
  rejected: "Rejected",
};

/** The queue of applications (oldest first) and the decided ones. */
export function ApplicationsView() {
  const serviceTitle = useServiceTitles("en-IN");
  const [status, setStatus] = useState<ApplicationStatus>("received");
  const list = useApplications(status);
  return (
    <Section
      title="Applications"
      actions={
        <fieldset className="flex gap-1">
          <legend className="sr-only">Show</legend>
          {(Object.keys(STATUS_LABEL) as ApplicationStatus[]).map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={status === value}
              onClick={() => setStatus(value)}
              className={`rounded-full px-3 py-1 text-sm font-semibold ${status === value ? "bg-brand-800 text-white" : "text-brand-900 hover:bg-brand-50"}`}
            >
              {STATUS_LABEL[value]}
            </button>
          ))}
        </fieldset>
      }
    >
      <Loaded query={list} what="The applications">
        {({ applications }) => (
          <FoundList
            items={applications}
            empty={status === "received" ? "No applications waiting." : "None yet."}
            href={(application) => `/ops/applications/${application.id}`}
            name={(application) => application.fullName}
            line={(application) =>
              `${application.homeLocality} · ${application.skills.map(serviceTitle).join(", ")} · ${application.yearsExperience} years · received ${formatWhen(application.receivedAt)}`
            }
          />
        )}
      </Loaded>
    </Section>
  );
}

function Documents({ application }: { application: ApplicationDetail }) {
  if (application.documents.length === 0) {
    return (
      <p className="text-slate-700">
        {application.documentsDeletedAt ? `Deleted ${formatWhen(application.documentsDeletedAt)}.` : "No documents."}
      </p>
    );
  }
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {application.documents.map((doc) => (
        <li key={doc.id} className="rounded-xl border border-slate-200 p-3">
          <p className="font-semibold text-slate-900">{DOCUMENT_KIND_LABEL[doc.kind]}</p>
          <p className="text-sm text-slate-700">
            {doc.originalName} · {Math.max(1, Math.round(doc.sizeBytes / 1024))} KB
          </p>
          {doc.contentType === "application/pdf" ? null : (
            <img
              src={doc.url}
              alt={`${DOCUMENT_KIND_LABEL[doc.kind]}: ${doc.originalName}`}
              className="mt-2 max-h-64 rounded-lg border border-slate-200"
            />
          )}
          <a
            href={doc.url}
            target="_blank"
            rel="noopener"
            className="mt-2 inline-block font-semibold text-brand-900 underline"
          >
            Open {doc.contentType === "application/pdf" ? "the PDF" : "full size"}
          </a>
        </li>
      ))}
    </ul>
  );
}

function Decide({ application }: { application: ApplicationDetail }) {
  const serviceTitle = useServiceTitles("en-IN");
  const verify = useVerifyApplication(application.id);
  const reject = useRejectApplication(application.id);
  const [identity, setIdentity] = useState(false);
  const [address, setAddress] = useState(false);
  const [police, setPolice] = useState("");
  const [skills, setSkills] = useState<string[]>(application.skills);
  const ready = identity && address && police.trim() !== "" && skills.length > 0;
  return (
    <Section title="Decision">
      <form
        aria-label="Verification checklist"
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          verify.mutate({
            identityChecked: true,
            addressChecked: true,
            policeVerificationRef: police.trim(),
            skillsConfirmed: skills,
          });
        }}
      >
        <label className="flex items-center gap-2 text-slate-800">
          <input type="checkbox" checked={identity} onChange={(event) => setIdentity(event.target.checked)} />
          Identity checked against the document
        </label>
        <label className="flex items-center gap-2 text-slate-800">
          <input type="checkbox" checked={address} onChange={(event) => setAddress(event.target.checked)} />
          Address checked against the proof
        </label>
        <label className="block text-sm font-semibold text-slate-800">
          Police verification reference
          <input
            value={police}
            onChange={(event) => setPolice(event.target.value)}
            maxLength={60}
            className={`${inputClass} mt-1 block w-72 max-w-full`}
          />
        </label>
        <fieldset>
          <legend className="text-sm font-semibold text-slate-800">Skills confirmed</legend>
          {application.skills.map((skill) => (
            <label key={skill} className="mr-4 inline-flex items-center gap-2 text-slate-800">
              <input
                type="checkbox"
                checked={skills.includes(skill)}
                onChange={(event) =>
                  setSkills((now) => (event.target.checked ? [...now, skill] : now.filter((other) => other !== skill)))
                }
              />
              {serviceTitle(skill)}
            </label>
          ))}
        </fieldset>
        <div className="flex flex-wrap gap-2">
          <button type="submit" className={buttonClass} disabled={!ready || verify.isPending}>
            {verify.isPending ? "Verifying…" : "Verify and invite"}
          </button>
          <ReasonDialog
            trigger="Reject"
            title={`Reject ${application.fullName}'s application?`}
            description="The applicant receives this reason by e-mail, and their documents are deleted at once."
            confirm="Reject and delete documents"
            onConfirm={(reason) => reject.mutateAsync(reason)}
          />
        </div>
        <Outcome error={verify.error} />
      </form>
    </Section>
  );
}

/** One application: who, where, what they do, their documents, and the decision. */
export function ApplicationView({ id }: { id: string }) {
  const serviceTitle = useServiceTitles("en-IN");
  const query = useApplication(id);
  return (
    <Loaded query={query} what="The application">
      {({ application }) => (
        <div className="space-y-4">
          <Section title={application.fullName}>
            <dl className="grid gap-x-6 gap-y-1 text-slate-800 sm:grid-cols-2">
              <div>
                <dt className="inline font-semibold">Status: </dt>
                <dd className="inline">{STATUS_LABEL[application.status]}</dd>
              </div>
              <div>
                <dt className="inline font-semibold">Received: </dt>
                <dd className="inline">{formatWhen(application.receivedAt)}</dd>
              </div>
              <div>
                <dt className="inline font-semibold">Mobile: </dt>
                <dd className="inline">{application.mobile}</dd>
              </div>
              <div>
                <dt className="inline font-semibold">E-mail: </dt>
                <dd className="inline">{application.email}</dd>
              </div>
              <div>
                <dt className="inline font-semibold">Home locality: </dt>
                <dd className="inline">{application.homeLocality}</dd>
              </div>
              <div>
                <dt className="inline font-semibold">Experience: </dt>
                <dd className="inline">{application.yearsExperience} years</dd>
              </div>
              <div className="sm:col-span-2">
                <dt className="inline font-semibold">Skills: </dt>
                <dd className="inline">{application.skills.map(serviceTitle).join(", ")}</dd>
              </div>
            </dl>
            {application.status === "verified" && application.mateId ? (
              <p className="mt-3 text-brand-900">
                Verified by {application.decidedBy?.name}:{" "}
                <Link to={`/ops/mates/${application.mateId}`} className="font-semibold underline">
                  mate {application.mateId}
                </Link>
                , invited by e-mail.
              </p>
            ) : null}
            {application.status === "rejected" ? (
              <p className="mt-3 text-red-900">
                Rejected by {application.decidedBy?.name}: {application.rejectReason}
              </p>
            ) : null}
          </Section>
          <Section title="Documents">
            <Documents application={application} />
          </Section>
          {application.status === "received" ? <Decide application={application} /> : null}
        </div>
      )}
    </Loaded>
  );
}
