import { useSyncExternalStore } from "react";
import type { LoginView } from "#web/shell/login-request.ts";

/**
 * Whether the login popup is open and on which view (spec §2, §4). A tiny store outside React, so
 * the session listener can close the popup when another tab signs in.
 */
export type LoginState = {
  open: boolean;
  view: LoginView;
  /** Counts openings: each opening starts with empty fields. */
  opening: number;
};

let state: LoginState = { open: false, view: "login", opening: 0 };
/** What had focus when the popup opened: focus goes back there when it closes. */
let openedFrom: HTMLElement | null = null;
const listeners = new Set<() => void>();

function set(next: LoginState): void {
  state = next;
  for (const listener of listeners) listener();
}

export function openLogin(view: LoginView = "login"): void {
  if (state.open) {
    set({ ...state, view });
    return;
  }
  openedFrom = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  set({ open: true, view, opening: state.opening + 1 });
}

export function closeLogin(): void {
  if (state.open) set({ ...state, open: false });
}

export function showLoginView(view: LoginView): void {
  if (state.view !== view) set({ ...state, view });
}

/** The element to give focus back to, if it is still on the page. */
export function loginOpenedFrom(): HTMLElement | null {
  return openedFrom?.isConnected ? openedFrom : null;
}

export function readLoginState(): LoginState {
  return state;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLoginState(): LoginState {
  return useSyncExternalStore(subscribe, readLoginState, readLoginState);
}
