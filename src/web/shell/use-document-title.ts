import { useEffect } from "react";
import { BRAND } from "#domain/constants.ts";

/** Sets the tab title to "{title} · Mates". */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · ${BRAND}`;
  }, [title]);
}
