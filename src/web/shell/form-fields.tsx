import { type InputHTMLAttributes, useId, useState } from "react";
import { Msg } from "#web/i18n/use-t.tsx";
import { shellMessages } from "#web/shell/shell-messages.ts";

/**
 * Labelled form fields: the label names the input, the hint and the error describe it, and an
 * invalid field says so (aria-invalid). Used by the forms that load on demand (login, profile).
 */
type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "value" | "onChange" | "className" | "type"> & {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | undefined;
  hint?: string | undefined;
  type?: "text" | "email" | "tel";
  className?: string;
  /** A fixed part shown inside the field before what is typed (the mobile number's +91). */
  fixedPrefix?: string;
};

const inputClass =
  "h-11 w-full rounded-xl border border-slate-300 bg-white px-3 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-700 focus-visible:outline-offset-0 aria-invalid:border-red-700";

function FieldText({ id, hint, error }: { id: string; hint?: string | undefined; error?: string | undefined }) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </>
  );
}

function describedBy(id: string, hint?: string, error?: string): string | undefined {
  const ids = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean);
  return ids.length > 0 ? ids.join(" ") : undefined;
}

export function TextField({
  label,
  value,
  onValueChange,
  error,
  hint,
  type = "text",
  className = "",
  fixedPrefix,
  ...input
}: FieldProps) {
  const id = useId();
  const field = (
    <input
      {...input}
      id={id}
      type={type}
      value={value}
      onChange={(event) => onValueChange(event.target.value)}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy(id, hint, error)}
      className={fixedPrefix ? `min-w-0 flex-1 ${inputClass}` : `mt-1 ${inputClass}`}
    />
  );
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      {fixedPrefix ? (
        <div className="mt-1 flex gap-2">
          <span className="flex h-11 shrink-0 items-center rounded-xl border border-slate-300 bg-slate-50 px-3 text-base font-semibold text-slate-700">
            {fixedPrefix}
          </span>
          {field}
        </div>
      ) : (
        field
      )}
      <FieldText id={id} hint={hint} error={error} />
    </div>
  );
}

/** A password input with a Show/Hide button (spec §2) that reveals what was typed. */
export function PasswordField({ label, value, onValueChange, error, hint, className = "", ...input }: FieldProps) {
  const id = useId();
  const [shown, setShown] = useState(false);
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <div className="relative mt-1">
        <input
          {...input}
          id={id}
          type={shown ? "text" : "password"}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint, error)}
          autoCapitalize="off"
          spellCheck={false}
          className={`${inputClass} pr-20`}
        />
        <button
          type="button"
          aria-controls={id}
          onClick={() => setShown((now) => !now)}
          className="absolute inset-y-1 right-1 rounded-lg px-3 text-sm font-semibold text-brand-800 hover:bg-brand-50"
        >
          <Msg
            of={shellMessages}
            id={shown ? "hidePassword" : "showPassword"}
            components={{ 0: <span className="sr-only" /> }}
          />
        </button>
      </div>
      <FieldText id={id} hint={hint} error={error} />
    </div>
  );
}

/** Moves focus to the first field marked invalid, once React has drawn the errors. */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
