import { useMutation } from "@tanstack/react-query";
import { CheckCircle2, FileUp, LoaderCircle } from "lucide-react";
import { type FormEvent, useId, useRef, useState } from "react";
import {
  APPLICATION_RULES,
  applicationDetailsSchema,
  applicationReceivedSchema,
  DOCUMENT_ACCEPT,
  DOCUMENT_KINDS,
  type DocumentKind,
} from "#domain/applications.ts";
import type { PlaceChoice } from "#domain/geo.ts";
import { SkillChecklist } from "#web/features/catalogue/public.ts";
import { PlaceSearch } from "#web/features/location/public.ts";
import { activeLocale } from "#web/i18n/i18n.ts";
import { useT } from "#web/i18n/use-t.tsx";
import { apiUpload, isApiError } from "#web/lib/api-client.ts";
import { errorMessage } from "#web/lib/error-message.ts";
import { appQueryClient } from "#web/lib/query-client.ts";
import { focusFirstInvalid, TextField } from "#web/shell/form-fields.tsx";
import { primaryActionClass } from "#web/shell/page-shell.tsx";
import { type FieldErrors, useFieldErrors } from "#web/shell/use-field-errors.ts";
import { joinMessages } from "./join-messages.ts";
import type { messages as en } from "./messages/en-IN.ts";

type T = ReturnType<typeof useT<keyof typeof en>>;

type Field = "fullName" | "mobile" | "email" | "skills" | "homeLocality" | "yearsExperience" | DocumentKind | "form";

const MB = 1024 * 1024;
const EXTENSION = /\.(jpe?g|png|pdf)$/i;

/** A quick check in the browser, so a wrong file is named before it is sent; the server decides. */
function fileProblem(t: T, files: File[], all: number): string | undefined {
  if (files.length === 0) return undefined;
  if (all > APPLICATION_RULES.maxFiles) return t("tooManyFiles", { max: APPLICATION_RULES.maxFiles });
  const wrong = files.find((file) => !EXTENSION.test(file.name));
  if (wrong) return t("wrongFile", { name: wrong.name });
  const big = files.find((file) => file.size > APPLICATION_RULES.maxFileBytes);
  if (big) return t("bigFile", { name: big.name, mb: APPLICATION_RULES.maxFileBytes / MB });
  return undefined;
}

function DocumentInput({
  kind,
  files,
  onFiles,
  error,
}: {
  kind: DocumentKind;
  files: File[];
  onFiles: (files: File[]) => void;
  error: string | undefined;
}) {
  const t = useT(joinMessages);
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {t(kind)}
      </label>
      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
        {t(kind === "identity" ? "identityHint" : "addressHint")}{" "}
        {t("fileHint", { mb: APPLICATION_RULES.maxFileBytes / MB })}
      </p>
      <input
        id={id}
        type="file"
        multiple
        accept={DOCUMENT_ACCEPT}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
        onChange={(event) => onFiles([...(event.target.files ?? [])])}
        className="mt-2 block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:font-semibold file:text-brand-900"
      />
      {files.length > 0 ? (
        <ul className="mt-2 space-y-1 text-sm text-slate-700">
          {files.map((file) => (
            <li key={`${file.name}-${file.size}`} className="flex items-center gap-2">
              <FileUp className="size-4 text-brand-800" aria-hidden="true" />
              {t("fileSize", { name: file.name, kb: Math.max(1, Math.round(file.size / 1024)) })}
            </li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The field an API refusal is about, from its message ("mobile: …") or its code. */
function fieldOfRefusal(code: string, message: string): Field {
  const named = message.match(/^(\w+)[.:]/)?.[1];
  if (named && ["fullName", "mobile", "email", "skills", "yearsExperience", "homeLocality"].includes(named)) {
    return named as Field;
  }
  if (code === "unknown_skill") return "skills";
  if (code === "application_open" || code === "email_taken") return "email";
  if (message.includes("address proof")) return "address";
  if (["unsupported_file", "file_too_large", "document_missing", "too_many_files", "too_large"].includes(code)) {
    return "identity";
  }
  return "form";
}

const withoutField = (message: string) => message.replace(/^\w+(\.\w+)*: /, "");

/** `/join`: a professional's application, with the identity document and address proof. */
export function JoinForm() {
  const t = useT(joinMessages);
  const [fullName, setFullName] = useState("");
  const [mobile, setMobile] = useState("");
  const [email, setEmail] = useState("");
  const [years, setYears] = useState("");
  const [skills, setSkills] = useState<string[]>([]);
  const [localityText, setLocalityText] = useState("");
  const [locality, setLocality] = useState<PlaceChoice | undefined>();
  const [documents, setDocuments] = useState<Record<DocumentKind, File[]>>({ identity: [], address: [] });
  const { errors, setErrors, onChange } = useFieldErrors<Field>();
  const form = useRef<HTMLFormElement>(null);
  const apply = useMutation(
    {
      mutationFn: (body: FormData) => apiUpload("/api/applications", body, applicationReceivedSchema),
      onError: (error) => {
        const message = errorMessage(error);
        const field = isApiError(error) ? fieldOfRefusal(error.code, error.message) : "form";
        setErrors({ [field]: field === "form" ? message : withoutField(message) });
        requestAnimationFrame(() => focusFirstInvalid(form.current));
      },
    },
    appQueryClient,
  );

  if (apply.data) {
    return (
      <section aria-labelledby="join-done" className="rounded-2xl border border-brand-200 bg-brand-50 p-6">
        <h2 id="join-done" className="flex items-center gap-2 text-xl font-bold text-brand-950">
          <CheckCircle2 className="size-6" aria-hidden="true" />
          {t("received")}
        </h2>
        <p className="mt-2 text-slate-800">
          {t("receivedText", { name: fullName.trim().split(/\s+/)[0], email: email.trim().toLowerCase() })}
        </p>
        <p className="mt-2 text-sm text-slate-700">{t("reference", { id: apply.data.id })}</p>
      </section>
    );
  }

  const all = documents.identity.length + documents.address.length;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: FieldErrors<Field> = {};
    const parsed = applicationDetailsSchema.safeParse({
      fullName,
      mobile,
      email,
      skills,
      homeLocality: locality ? { name: locality.name, lat: locality.lat, lon: locality.lon } : undefined,
      yearsExperience: years.trim() === "" ? undefined : Number(years),
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? "form") as Field;
        // The schema's rules are written in English; another language says to check the field.
        found[field] ??=
          field === "homeLocality" ? t("chooseLocality") : activeLocale() === "en-IN" ? issue.message : t("checkField");
      }
    }
    for (const kind of DOCUMENT_KINDS) {
      const problem =
        documents[kind].length === 0
          ? t(kind === "identity" ? "addIdentity" : "addAddress")
          : fileProblem(t, documents[kind], all);
      if (problem) found[kind] = problem;
    }
    setErrors(found);
    if (!parsed.success || Object.keys(found).length > 0) {
      requestAnimationFrame(() => focusFirstInvalid(form.current));
      return;
    }
    const body = new FormData();
    body.set("details", JSON.stringify(parsed.data));
    for (const kind of DOCUMENT_KINDS) for (const file of documents[kind]) body.append(kind, file, file.name);
    apply.mutate(body);
  };

  return (
    <form ref={form} noValidate onSubmit={submit} aria-label={t("form")} className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t("fullName")}
          autoComplete="name"
          value={fullName}
          onValueChange={onChange("fullName", setFullName)}
          error={errors.fullName}
        />
        <TextField
          label={t("mobile")}
          type="tel"
          autoComplete="tel"
          value={mobile}
          onValueChange={onChange("mobile", setMobile)}
          error={errors.mobile}
        />
        <TextField
          label={t("email")}
          type="email"
          autoComplete="email"
          value={email}
          onValueChange={onChange("email", setEmail)}
          error={errors.email}
        />
        <TextField
          label={t("years")}
          inputMode="numeric"
          value={years}
          onValueChange={onChange("yearsExperience", setYears)}
          error={errors.yearsExperience}
        />
      </div>
      <div>
        <PlaceSearch
          label={t("locality")}
          value={localityText}
          onQueryChange={(text) => {
            setLocalityText(text);
            setLocality(undefined);
          }}
          onChoose={(place) => {
            setLocality(place);
            setLocalityText(place.name);
            setErrors((now) => ({ ...now, homeLocality: undefined }));
          }}
        />
        {errors.homeLocality ? <p className="mt-1 text-sm font-medium text-red-700">{errors.homeLocality}</p> : null}
      </div>
      <SkillChecklist
        legend={t("skills")}
        hint={t("skillsHint")}
        selected={skills}
        onChange={(next) => {
          setSkills(next);
          setErrors((now) => ({ ...now, skills: undefined }));
        }}
        error={errors.skills}
      />
      {DOCUMENT_KINDS.map((kind) => (
        <DocumentInput
          key={kind}
          kind={kind}
          files={documents[kind]}
          error={errors[kind]}
          onFiles={(files) => {
            setDocuments((now) => ({ ...now, [kind]: files }));
            setErrors((now) => ({
              ...now,
              [kind]: fileProblem(
                t,
                files,
                files.length + documents[kind === "identity" ? "address" : "identity"].length,
              ),
            }));
          }}
        />
      ))}
      {errors.form ? (
        <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm font-medium text-red-800">
          {errors.form}
        </p>
      ) : null}
      <button type="submit" className={primaryActionClass} disabled={apply.isPending}>
        {apply.isPending ? <LoaderCircle className="size-5 animate-spin" aria-hidden="true" /> : null}
        {apply.isPending ? t("sending") : t("send")}
      </button>
    </form>
  );
}
