import * as AlertDialog from "@radix-ui/react-alert-dialog";
import { Search } from "lucide-react";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { Link } from "react-router";
import { ErrorState } from "#web/shell/error-state.tsx";
import { LoadingState } from "#web/shell/loading-state.tsx";

/** Pieces every console screen shares: sections, search boxes, states, the reason dialog. */

export const buttonClass =
  "inline-flex items-center justify-center gap-2 rounded-xl bg-brand-800 px-4 py-2 font-semibold text-white hover:bg-brand-900 disabled:opacity-60";
export const quietButtonClass =
  "inline-flex items-center justify-center gap-2 rounded-xl border border-slate-300 bg-white px-4 py-2 font-semibold text-slate-900 hover:border-brand-700 disabled:opacity-60";
export const dangerButtonClass =
  "inline-flex items-center justify-center gap-2 rounded-xl border border-red-300 bg-white px-4 py-2 font-semibold text-red-800 hover:bg-red-50 disabled:opacity-60";
export const inputClass = "h-10 rounded-xl border border-slate-300 bg-white px-3 text-slate-900";

export function Section({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-lg font-bold text-slate-950">
          {title}
        </h2>
        {actions}
      </div>
      <div className="mt-3">{children}</div>
    </section>
  );
}

/** A query's states: loading, its error with a retry, or its content. */
export function Loaded<T>({
  query,
  what,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: Error | null; data: T | undefined; refetch: () => unknown };
  what: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <LoadingState />;
  if (query.isError || query.data === undefined) {
    return (
      <ErrorState
        title={`${what} could not be loaded.`}
        message={query.error?.message ?? ""}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return <>{children(query.data)}</>;
}

/** A search box that searches when sent (Enter or the button), not on every key. */
export function SearchBox({
  label,
  initial,
  onSearch,
}: {
  label: string;
  initial: string;
  onSearch: (q: string) => void;
}) {
  const [text, setText] = useState(initial);
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <search>
      <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
        <label htmlFor={id} className="text-sm font-semibold text-slate-800">
          {label}
          <input
            id={id}
            value={text}
            onChange={(event) => setText(event.target.value)}
            className={`${inputClass} mt-1 block w-72 max-w-full`}
          />
        </label>
        <button type="submit" className={buttonClass}>
          <Search className="size-4" aria-hidden="true" />
          Search
        </button>
      </form>
    </search>
  );
}

export function formatWhen(iso: string): string {
  return new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Kolkata" }).format(
    new Date(iso),
  );
}

/**
 * A destructive or weighty action, confirmed with a reason the audit log keeps (reject, suspend,
 * cancel, disable …), or only confirmed (`askReason` false: approving a payout run). The dialog
 * stays open while the request runs and shows its refusal.
 */
export function ReasonDialog({
  trigger,
  title,
  description,
  confirm,
  danger = true,
  askReason = true,
  cancel = "Keep as it is",
  onConfirm,
}: {
  trigger: string;
  title: string;
  description: string;
  confirm: string;
  danger?: boolean;
  askReason?: boolean;
  cancel?: string;
  onConfirm: (reason: string) => Promise<unknown>;
}) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const id = useId();
  const submit = async () => {
    if (askReason && reason.trim().length < 5) {
      setError("Give a reason of at least 5 characters.");
      return;
    }
    setBusy(true);
    setError("");
    try {
      await onConfirm(reason.trim());
      setOpen(false);
      setReason("");
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => (busy ? undefined : setOpen(next))}>
      <AlertDialog.Trigger className={danger ? dangerButtonClass : quietButtonClass}>{trigger}</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50" />
        <AlertDialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl">
          <AlertDialog.Title className="text-lg font-bold text-slate-900">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-slate-700">{description}</AlertDialog.Description>
          {askReason ? (
            <>
              <label htmlFor={id} className="mt-4 block text-sm font-semibold text-slate-800">
                Reason
              </label>
              <textarea
                id={id}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
                rows={3}
                maxLength={500}
                aria-invalid={error ? true : undefined}
                className="mt-1 w-full rounded-xl border border-slate-300 p-3 text-slate-900"
              />
            </>
          ) : null}
          {error ? (
            <p role="alert" className="mt-1 text-sm font-medium text-red-800">
              {error}
            </p>
          ) : null}
          <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={quietButtonClass} disabled={busy}>
              {cancel}
            </AlertDialog.Cancel>
            <button
              type="button"
              className={
                danger
                  ? "rounded-xl bg-red-800 px-4 py-2 font-semibold text-white hover:bg-red-900 disabled:opacity-60"
                  : buttonClass
              }
              disabled={busy}
              onClick={() => void submit()}
            >
              {busy ? "Working…" : confirm}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

/** A mutation's outcome under the control that sent it. */
export function Outcome({ error, done }: { error: Error | null; done?: string | undefined }) {
  if (error) {
    return (
      <p role="alert" className="mt-2 text-sm font-medium text-red-800">
        {error.message}
      </p>
    );
  }
  return done ? (
    <p role="status" className="mt-2 text-sm font-medium text-brand-900">
      {done}
    </p>
  ) : null;
}

type FoundListProps<T> = {
  items: readonly T[];
  empty: string;
  href: (item: T) => string;
  /** The row's link text. */
  name: (item: T) => ReactNode;
  line: (item: T) => ReactNode;
};

/** What a list or search found: each row a link to its own page and a line about it; a sentence when empty. */
export function FoundList<T extends { id: string }>({ items, empty, href, name, line }: FoundListProps<T>) {
  if (items.length === 0) return <p className="text-slate-700">{empty}</p>;
  return (
    <ul className="divide-y divide-slate-200">
      {items.map((item) => (
        <li key={item.id} className="py-2">
          <Link to={href(item)} className="font-semibold text-brand-900 underline">
            {name(item)}
          </Link>
          <span className="ml-2 text-sm text-slate-700">{line(item)}</span>
        </li>
      ))}
    </ul>
  );
}

/** A search box over a list: the query's states, then what it found. */
export function SearchedList<T extends { id: string }>({
  title,
  label,
  what,
  query,
  onSearch,
  ...list
}: Omit<FoundListProps<T>, "items"> & {
  title: string;
  label: string;
  what: string;
  query: {
    isPending: boolean;
    isError: boolean;
    error: Error | null;
    data: readonly T[] | undefined;
    refetch: () => unknown;
  };
  onSearch: (q: string) => void;
}) {
  return (
    <Section title={title}>
      <SearchBox label={label} initial="" onSearch={onSearch} />
      <div className="mt-3">
        <Loaded query={query} what={what}>
          {(items) => <FoundList {...list} items={items} />}
        </Loaded>
      </div>
    </Section>
  );
}
