import { useId } from "react";
import { PHOTO_ACCEPT } from "#domain/rework.ts";
import { useT } from "#web/i18n/use-t.tsx";
import { helpMessages } from "./help-messages.ts";

/**
 * Photos to send with a request (re-work, a case, a message in it): how many and how large, who
 * sees them, and the picker. What was picked is checked with photoProblem before it is sent.
 */
export function PhotoField({
  need,
  rules,
  seenBy,
  onChange,
}: {
  need: "required" | "optional";
  rules: { maxPhotos: number; maxPhotoBytes: number };
  /** Who sees them, said under the label ("Only Mates support sees them."). */
  seenBy?: string;
  onChange: (photos: File[]) => void;
}) {
  const t = useT(helpMessages);
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="font-semibold text-slate-950">
        {t("photos")}{" "}
        <span className="font-normal text-slate-600">{t(need === "required" ? "atLeastOne" : "optional")}</span>
      </label>
      <p className="text-sm text-slate-600">
        {t("photoRules", { count: rules.maxPhotos, mb: rules.maxPhotoBytes / (1024 * 1024) })}
        {seenBy ? ` ${seenBy}` : ""}
      </p>
      <input
        id={id}
        type="file"
        multiple
        accept={PHOTO_ACCEPT}
        onChange={(event) => onChange([...(event.target.files ?? [])])}
        className="mt-2 block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:font-semibold file:text-brand-900"
      />
    </div>
  );
}

/** Photos sent in a case or a request, each opening full size; `alt` names one of them. */
export function PhotoStrip({ urls, alt }: { urls: readonly string[]; alt: (index: number) => string }) {
  const t = useT(helpMessages);
  if (urls.length === 0) return null;
  return (
    <ul aria-label={t("photos")} className="mt-2 flex flex-wrap gap-2">
      {urls.map((url, index) => (
        <li key={url}>
          <a href={url} target="_blank" rel="noreferrer">
            <img src={url} alt={alt(index)} className="size-24 rounded-xl object-cover" />
          </a>
        </li>
      ))}
    </ul>
  );
}
