import { useMutation, useQuery } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { Link } from "react-router";
import {
  type ServiceTexts,
  type ServiceTranslationsResponse,
  serviceTranslationsResponseSchema,
  TRANSLATED_LOCALES,
  translationListSchema,
} from "#domain/catalogue-translations.ts";
import { languageOf, type TranslatedLocale } from "#domain/i18n/locales.ts";
import { apiGet, apiSend } from "#web/lib/api-client.ts";
import { appQueryClient, rereadQueries } from "#web/lib/query-client.ts";
import { buttonClass, inputClass, Loaded, Outcome, Section } from "./ops-ui.tsx";

const KEY = ["ops", "translations"] as const;
/** The console is English: each language by its English name. */
const LANGUAGE_NAMES: Record<TranslatedLocale, string> = { "hi-IN": "Hindi", "mr-IN": "Marathi" };

/**
 * The catalogue in Hindi and Marathi (issue 40, record 070): each service with how much of it each
 * language has, and a page a service to edit them beside the English.
 */
export function TranslationsView() {
  const list = useQuery(
    {
      queryKey: KEY,
      queryFn: ({ signal }) => apiGet("/api/ops/translations", translationListSchema, { signal }),
      select: (body) => body.services,
    },
    appQueryClient,
  );
  return (
    <Section title="Translations">
      <p className="text-sm text-slate-700">
        Each service's texts in Hindi and Marathi. A text left empty shows in English; customers see a change within a
        second, and the audit log keeps it.
      </p>
      <Loaded query={list} what="The translations">
        {(services) => (
          <ul aria-label="Services and their translations" className="divide-y divide-slate-200">
            {services.map((service) => (
              <li key={service.name} className="py-2">
                <Link to={`/ops/translations/${service.name}`} className="font-semibold text-brand-900 underline">
                  {service.title}
                </Link>
                <span className="ml-2 text-sm text-slate-700">
                  {service.group} ·{" "}
                  {TRANSLATED_LOCALES.map(
                    (locale) => `${LANGUAGE_NAMES[locale]} ${service.done[locale]} of ${service.total}`,
                  ).join(" · ")}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Loaded>
    </Section>
  );
}

type Draft = {
  title: string;
  description: string;
  includes: string;
  excludes: string;
  options: Record<string, { label: string; unit: string }>;
};

function draftOf(texts: ServiceTexts, options: ServiceTranslationsResponse["service"]["options"]): Draft {
  return {
    title: texts.title ?? "",
    description: texts.description ?? "",
    includes: texts.includes?.join("\n") ?? "",
    excludes: texts.excludes?.join("\n") ?? "",
    options: Object.fromEntries(
      options.map(({ key }) => [key, { label: texts.options[key]?.label ?? "", unit: texts.options[key]?.unit ?? "" }]),
    ),
  };
}

const orNull = (text: string) => (text.trim() === "" ? null : text.trim());
const linesOrNull = (text: string) => {
  const lines = text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "");
  return lines.length === 0 ? null : lines;
};

/** What the form sends: empty fields as null (English shows), options with nothing written left out. */
function textsOf(draft: Draft, options: ServiceTranslationsResponse["service"]["options"]): ServiceTexts {
  const written = options.flatMap(({ key, unit }) => {
    const option = draft.options[key];
    const label = orNull(option?.label ?? "");
    const ownUnit = unit ? orNull(option?.unit ?? "") : null;
    if (label === null && ownUnit === null) return [];
    return [[key, unit ? { label, unit: ownUnit } : { label }] as const];
  });
  return {
    title: orNull(draft.title),
    description: orNull(draft.description),
    includes: linesOrNull(draft.includes),
    excludes: linesOrNull(draft.excludes),
    options: Object.fromEntries(written),
  };
}

function Field({
  label,
  english,
  lang,
  value,
  onChange,
  rows,
}: {
  label: string;
  english: string;
  lang: string;
  value: string;
  onChange: (value: string) => void;
  rows?: number;
}) {
  const id = useId();
  const hint = useId();
  const common = {
    id,
    lang,
    value,
    "aria-describedby": hint,
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
  };
  return (
    <div className="mt-3">
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <p id={hint} className="text-sm text-slate-600">
        English: {english || "(none)"}
      </p>
      {rows ? (
        <textarea
          {...common}
          rows={rows}
          className="mt-1 w-full rounded-xl border border-slate-300 p-3 text-slate-900"
        />
      ) : (
        <input {...common} className={`${inputClass} mt-1 w-full`} />
      )}
    </div>
  );
}

/** One language of a service: its texts as a form, saved as a whole. */
function LanguageForm({ data, locale }: { data: ServiceTranslationsResponse; locale: TranslatedLocale }) {
  const { service } = data;
  const [draft, setDraft] = useState(() => draftOf(data.translations[locale], service.options));
  const save = useMutation(
    {
      mutationFn: (texts: ServiceTexts) =>
        apiSend(
          "PUT",
          `/api/ops/translations/${encodeURIComponent(service.name)}/${locale}`,
          texts,
          serviceTranslationsResponseSchema,
        ),
      onSuccess: (saved) => {
        appQueryClient.setQueryData([...KEY, service.name], saved);
        void rereadQueries(KEY);
      },
    },
    appQueryClient,
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(textsOf(draft, service.options));
  };
  const set = (field: keyof Omit<Draft, "options">) => (value: string) => setDraft({ ...draft, [field]: value });
  const setOption = (key: string, field: "label" | "unit") => (value: string) =>
    setDraft({
      ...draft,
      options: { ...draft.options, [key]: { ...(draft.options[key] ?? { label: "", unit: "" }), [field]: value } },
    });
  const lang = languageOf(locale);
  const name = LANGUAGE_NAMES[locale];
  return (
    <Section title={`${name} (${locale})`}>
      <form onSubmit={submit} noValidate aria-label={`${service.title} in ${name}`}>
        <Field label="Title" english={service.title} lang={lang} value={draft.title} onChange={set("title")} />
        <Field
          label="Description"
          english={service.description}
          lang={lang}
          value={draft.description}
          onChange={set("description")}
          rows={5}
        />
        <Field
          label="What is included (one a line)"
          english={service.includes.join(" · ")}
          lang={lang}
          value={draft.includes}
          onChange={set("includes")}
          rows={service.includes.length + 1}
        />
        <Field
          label="What is not included (one a line)"
          english={service.excludes.join(" · ")}
          lang={lang}
          value={draft.excludes}
          onChange={set("excludes")}
          rows={service.excludes.length + 1}
        />
        {service.options.map((option) => (
          <div key={option.key}>
            <Field
              label={`Option “${option.key}”`}
              english={option.label}
              lang={lang}
              value={draft.options[option.key]?.label ?? ""}
              onChange={setOption(option.key, "label")}
            />
            {option.unit ? (
              <Field
                label={`Unit of “${option.key}”`}
                english={option.unit}
                lang={lang}
                value={draft.options[option.key]?.unit ?? ""}
                onChange={setOption(option.key, "unit")}
              />
            ) : null}
          </div>
        ))}
        <button type="submit" className={`${buttonClass} mt-4`} disabled={save.isPending}>
          Save {name}
        </button>
        <Outcome error={save.error} done={save.isSuccess ? `Saved: customers see the ${name} texts now.` : undefined} />
      </form>
    </Section>
  );
}

/** A service's English beside a form for each other language. */
export function TranslationView({ id }: { id: string }) {
  const service = useQuery(
    {
      queryKey: [...KEY, id],
      queryFn: ({ signal }) =>
        apiGet(`/api/ops/translations/${encodeURIComponent(id)}`, serviceTranslationsResponseSchema, { signal }),
    },
    appQueryClient,
  );
  return (
    <div className="grid gap-4">
      <Link to="/ops/translations" className="font-semibold text-brand-900 underline">
        All translations
      </Link>
      <Loaded query={service} what="The service's translations">
        {(data) => (
          <>
            <h2 className="text-xl font-bold text-slate-950">{data.service.title}</h2>
            {TRANSLATED_LOCALES.map((locale) => (
              <LanguageForm key={locale} data={data} locale={locale} />
            ))}
          </>
        )}
      </Loaded>
    </div>
  );
}
