import { BRAND } from "#domain/constants.ts";
import { WrenchIcon } from "#web/shell/shell-icons.tsx";

/** The brand mark and word. Decorative icon; the word carries the name. */
export function Logo({ tone = "light" }: { tone?: "light" | "dark" }) {
  const mark = tone === "light" ? "bg-brand-800 text-white" : "bg-white text-brand-800";
  const word = tone === "light" ? "text-brand-900" : "text-white";
  return (
    <span className="inline-flex items-center gap-2">
      <span className={`grid size-9 place-items-center rounded-xl ${mark}`} aria-hidden="true">
        <WrenchIcon className="size-5" />
      </span>
      <span className={`text-xl font-extrabold tracking-tight ${word}`}>{BRAND}</span>
    </span>
  );
}
