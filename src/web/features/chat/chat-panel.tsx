import { Send } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { CHAT_RULES } from "#domain/chat.ts";
import { lazyDateFormats } from "#domain/date-format.ts";
import { useServerEvent } from "#web/features/events/public.ts";
import { activeLocale } from "#web/i18n/i18n.ts";
import { useT } from "#web/i18n/use-t.tsx";
import { rereadQueries } from "#web/lib/query-client.ts";
import { ErrorState } from "#web/shell/error-state.tsx";
import { LoadingState } from "#web/shell/loading-state.tsx";
import { chatKeys, markThreadRead, useSendMessage, useThread } from "./chat-api.ts";
import { chatMessages } from "./chat-messages.ts";

const time = lazyDateFormats({ hour: "numeric", minute: "2-digit", timeZone: "Asia/Kolkata" });

/**
 * A booking's chat, for the customer or the mate (`base` names which): the messages live, one's own
 * marked Sent or Read, the other side's marked read once shown, and a box to write in while the
 * thread is open. Numbers and addresses in the other side's messages arrive hidden from the server.
 */
export function ChatPanel({ base }: { base: string }) {
  const t = useT(chatMessages);
  const thread = useThread(base);
  const send = useSendMessage(base);
  const [draft, setDraft] = useState("");
  const inputId = useId();
  const lastMarked = useRef<string>(undefined);
  useServerEvent("message", () => {
    rereadQueries(chatKeys.all);
  });
  // A message (or a read mark) sent before this tab's stream was open, or while it was away, has
  // no event here: every (re)opened stream reads the thread again, as the bookings and jobs do.
  useServerEvent("open", () => {
    rereadQueries(chatKeys.all);
  });
  const newestTheirs = thread.data?.messages.filter((message) => !message.mine).at(-1)?.id;
  useEffect(() => {
    if (!newestTheirs || lastMarked.current === newestTheirs) return;
    lastMarked.current = newestTheirs;
    void markThreadRead(base).catch(() => {
      lastMarked.current = undefined;
    });
  }, [base, newestTheirs]);

  if (thread.isPending) return <LoadingState />;
  if (thread.isError) {
    return <ErrorState title={t("loadError")} message={thread.error.message} onRetry={() => void thread.refetch()} />;
  }
  const { messages, open, closedReason } = thread.data;
  const submit = () => {
    const body = draft.trim();
    if (!body || send.isPending) return;
    send.mutate(body, { onSuccess: () => setDraft("") });
  };
  return (
    <div className="space-y-3">
      {messages.length === 0 ? (
        <p className="text-sm text-slate-600">{t("empty")}</p>
      ) : (
        <ol aria-label={t("messages")} className="max-h-64 space-y-2 overflow-y-auto">
          {messages.map((message) => (
            <li key={message.id} className={message.mine ? "flex flex-col items-end" : "flex flex-col items-start"}>
              <p
                className={`max-w-sm break-words rounded-2xl px-3 py-2 ${
                  message.mine ? "bg-brand-800 text-white" : "bg-slate-100 text-slate-900"
                }`}
              >
                {message.body}
              </p>
              <span className="text-xs text-slate-600">
                <time dateTime={message.at}>{time(activeLocale()).format(new Date(message.at))}</time>
                {message.mine ? ` · ${t(message.read ? "read" : "sent")}` : ""}
              </span>
            </li>
          ))}
        </ol>
      )}
      {open ? (
        <form
          className="space-y-2"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
            {t("messageTo", { name: thread.data.with })}
          </label>
          <textarea
            id={inputId}
            value={draft}
            maxLength={CHAT_RULES.maxLength}
            rows={2}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Enter" && !event.shiftKey) {
                event.preventDefault();
                submit();
              }
            }}
            className="w-full rounded-xl border border-slate-300 px-3 py-2"
          />
          <div className="flex items-center justify-between gap-3">
            <span className="text-xs text-slate-600">
              {draft.length}/{CHAT_RULES.maxLength}
            </span>
            <button
              type="submit"
              disabled={send.isPending || draft.trim() === ""}
              className="inline-flex items-center gap-2 rounded-xl bg-brand-800 px-4 py-2 font-semibold text-white hover:bg-brand-900 disabled:opacity-60"
            >
              <Send className="size-4" aria-hidden="true" />
              {t("send")}
            </button>
          </div>
          {send.isError ? (
            <p role="alert" className="text-sm font-medium text-red-900">
              {send.error.message}
            </p>
          ) : null}
        </form>
      ) : (
        <p className="text-sm text-slate-700">{closedReason}</p>
      )}
    </div>
  );
}
