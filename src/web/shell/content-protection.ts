/**
 * Spec §2 "Page-wide": Ctrl+U, C, X, V, A, S, P, PrintScreen and text selection are disabled.
 * Inside editable fields (input, textarea, contenteditable) copy, cut, paste and select-all
 * keep working: people paste passwords and addresses. Meta (⌘) counts as Ctrl on macOS.
 * Selection is also switched off in CSS (styles.css: body { user-select: none }).
 */

const BLOCKED_KEYS = new Set(["u", "c", "x", "v", "a", "s", "p"]);
/** Shortcuts that stay allowed inside editable fields. */
const EDITING_KEYS = new Set(["c", "x", "v", "a"]);

export function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target instanceof HTMLElement && target.isContentEditable) return true;
  return target.closest('input, textarea, select, [contenteditable]:not([contenteditable="false"])') !== null;
}

/** The letter of a shortcut, also on non-Latin keyboard layouts (via the physical key). */
function shortcutLetter(event: KeyboardEvent): string {
  if (/^Key[A-Z]$/.test(event.code)) return event.code.slice(3).toLowerCase();
  return event.key.toLowerCase();
}

function clearClipboard(): void {
  try {
    void navigator.clipboard?.writeText("").catch(() => undefined);
  } catch {
    // Clipboard access can be refused; blocking the key is all we can do then.
  }
}

function isPrintScreen(event: KeyboardEvent): boolean {
  return event.key === "PrintScreen" || event.code === "PrintScreen";
}

function onKeyDown(event: KeyboardEvent): void {
  if (isPrintScreen(event)) {
    event.preventDefault();
    clearClipboard();
    return;
  }
  if (!(event.ctrlKey || event.metaKey)) return;
  const letter = shortcutLetter(event);
  if (!BLOCKED_KEYS.has(letter)) return;
  if (EDITING_KEYS.has(letter) && isEditable(event.target)) return;
  event.preventDefault();
}

/** Many systems report PrintScreen only on key release. */
function onKeyUp(event: KeyboardEvent): void {
  if (!isPrintScreen(event)) return;
  event.preventDefault();
  clearClipboard();
}

function onClipboard(event: ClipboardEvent): void {
  if (!isEditable(event.target)) event.preventDefault();
}

function onSelectStart(event: Event): void {
  if (!isEditable(event.target)) event.preventDefault();
}

/** Installs the protection for the page's lifetime (nothing ever removes it). */
export function installContentProtection(): void {
  const options = { capture: true } as const;
  window.addEventListener("keydown", onKeyDown, options);
  window.addEventListener("keyup", onKeyUp, options);
  document.addEventListener("copy", onClipboard, options);
  document.addEventListener("cut", onClipboard, options);
  document.addEventListener("paste", onClipboard, options);
  document.addEventListener("selectstart", onSelectStart, options);
}
