import { type KeyboardEvent, useId, useState } from "react";

/**
 * The keyboard and ARIA wiring of an ARIA 1.2 combobox with a listbox popup, shared by the service
 * search and the place search. The input keeps focus; options are pointed at with
 * aria-activedescendant, never focused. Arrow keys open the list and move through it (wrapping),
 * Enter chooses the active option (or the first), Escape closes the list, or, when it is already
 * closed, does what `onEscapeClosed` says; Tab closes the list. The roles (combobox, listbox,
 * option) stay written in the component's markup, where readers and the accessibility lint see them.
 */
export function useCombobox<T>({
  results,
  onChoose,
  popupShown,
  onEscapeClosed,
  initiallyOpen = false,
}: {
  results: readonly T[];
  onChoose: (item: T) => void;
  /** Whether the popup shows, given that it is open; defaults to having results. */
  popupShown?: (open: boolean) => boolean;
  /** Escape with the popup closed; true when it did something (the key is then consumed). */
  onEscapeClosed?: () => boolean;
  initiallyOpen?: boolean;
}) {
  const id = useId();
  const listboxId = `${id}-listbox`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const [open, setOpen] = useState(initiallyOpen);
  const [active, setActive] = useState(-1);
  const expanded = open && results.length > 0;
  const shown = popupShown ? popupShown(open) : expanded;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const choose = (item: T) => {
    close();
    onChoose(item);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case "ArrowDown":
      case "ArrowUp": {
        event.preventDefault();
        if (results.length === 0) return;
        const down = event.key === "ArrowDown";
        const last = results.length - 1;
        setActive((current) => {
          if (!open || current < 0) return down ? 0 : last;
          return (current + (down ? 1 : -1) + results.length) % results.length;
        });
        setOpen(true);
        return;
      }
      case "Enter": {
        event.preventDefault();
        const chosen = expanded ? (results[active] ?? results[0]) : undefined;
        if (chosen !== undefined) choose(chosen);
        return;
      }
      case "Escape": {
        if (shown) {
          // The first Escape closes the list; a dialog around it closes on the next one.
          event.preventDefault();
          event.stopPropagation();
          close();
        } else if (onEscapeClosed?.()) {
          event.preventDefault();
        }
        return;
      }
      case "Tab":
        close();
        return;
    }
  };

  return {
    inputId: `${id}-input`,
    listboxId,
    open,
    expanded,
    shown,
    close,
    /** The person typed: show the list again, nothing active. */
    reopen: () => {
      setOpen(true);
      setActive(-1);
    },
    inputProps: {
      id: `${id}-input`,
      "aria-autocomplete": "list",
      "aria-activedescendant": expanded && active >= 0 ? optionId(active) : undefined,
      onKeyDown,
    } as const,
    listboxProps: { id: listboxId },
    optionProps: (index: number, item: T) =>
      ({
        id: optionId(index),
        "aria-selected": index === active,
        onMouseDown: (event: { preventDefault: () => void }) => event.preventDefault(),
        onMouseMove: () => setActive(index),
        onClick: () => choose(item),
      }) as const,
    isActive: (index: number) => index === active,
  };
}
