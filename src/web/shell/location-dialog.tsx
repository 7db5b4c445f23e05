import * as Dialog from "@radix-ui/react-dialog";
import { Check, X } from "lucide-react";
import type { RefObject } from "react";
import { SERVED_AREAS, STORAGE_KEYS } from "#domain/constants.ts";
import { writeStorage } from "#web/shell/local-storage.ts";

/**
 * The location picker's dialog (loaded on first use). For now the choice is one of the served
 * areas (spec §9), saved as detectedCity (spec §3); detection and place search join it with
 * the location feature.
 */
export function LocationDialog({
  city,
  open,
  onOpenChange,
  returnFocus,
}: {
  city: string | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opened the dialog: focus goes back to it on close. */
  returnFocus: RefObject<HTMLButtonElement | null>;
}) {
  const choose = (area: string) => {
    writeStorage(STORAGE_KEYS.detectedCity, area);
    onOpenChange(false);
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus.current?.focus();
          }}
          className="fixed left-1/2 top-1/2 z-50 max-h-[85vh] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl"
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-bold text-slate-900">Choose your area</Dialog.Title>
            <Dialog.Close
              aria-label="Close"
              className="-m-2 grid size-10 place-items-center rounded-full text-slate-700 hover:bg-slate-100"
            >
              <X className="size-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-1 text-sm text-slate-600">
            Mates works in these areas. Pick the one where you need a mate.
          </Dialog.Description>
          <ul className="mt-4 grid grid-cols-2 gap-2">
            {SERVED_AREAS.map((area) => {
              const selected = city === area;
              return (
                <li key={area}>
                  <button
                    type="button"
                    aria-pressed={selected}
                    onClick={() => choose(area)}
                    className={`flex w-full items-center justify-between gap-2 rounded-xl border px-3 py-2.5 text-left text-sm font-medium ${
                      selected
                        ? "border-brand-700 bg-brand-50 text-brand-900"
                        : "border-slate-200 text-slate-800 hover:border-brand-400 hover:bg-brand-50"
                    }`}
                  >
                    {area}
                    {selected ? <Check className="size-4 text-brand-700" aria-hidden="true" /> : null}
                  </button>
                </li>
              );
            })}
          </ul>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
