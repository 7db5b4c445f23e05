import { toast } from "sonner";
import { isSessionToast } from "#web/shell/session-toast.ts";

type Path = { pathname: string };

/** The part of the app's router this needs: where it is and where it goes. */
export type PageChanges = {
  state: { location: Path };
  subscribe(listener: (state: { location: Path; navigation: { location?: Path | undefined } }) => void): () => void;
};

/**
 * Dismisses the toasts of a page as soon as the person sets off to another one (the router starts
 * the navigation; the next page's code may still be loading), so that the next page is drawn without
 * them. A change of search or hash on the same page keeps them; session toasts stay (session-toast.ts).
 * Returns the unsubscribe function.
 */
export function dismissToastsOnPageChange(router: PageChanges): () => void {
  let path = router.state.location.pathname;
  return router.subscribe((state) => {
    const next = (state.navigation.location ?? state.location).pathname;
    if (next === path) return;
    path = next;
    for (const shown of toast.getToasts()) {
      if (!isSessionToast(shown.id)) toast.dismiss(shown.id);
    }
  });
}
