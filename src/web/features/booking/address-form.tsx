import { LocateFixed } from "lucide-react";
import { type FormEvent, useState } from "react";
import { ADDRESS_LABELS, type Address, type AddressInput, addressInputSchema } from "#domain/address.ts";
import { DEFAULT_LOCALE } from "#domain/i18n/locales.ts";
import { DETECTION_FAILURES, detectLocation, PlaceSearch } from "#web/features/location/public.ts";
import { activeLocale } from "#web/i18n/i18n.ts";
import { useT } from "#web/i18n/use-t.tsx";
import { primaryActionClass, secondaryActionClass } from "#web/shell/page-shell.tsx";
import { useSaveAddress } from "./booking-api.ts";
import { bookingMessages } from "./booking-messages.ts";
import { addressLabelText } from "./booking-texts.ts";

const fieldClass = "mt-1 h-11 w-full rounded-xl border border-slate-300 bg-white px-3 text-base text-slate-900";

type Draft = {
  label: AddressInput["label"];
  flat: string;
  building: string;
  street: string;
  locality: string;
  landmark: string;
  pincode: string;
  lat: number | undefined;
  lon: number | undefined;
};

function draftOf(address?: Address): Draft {
  return {
    label: address?.label ?? "Home",
    flat: address?.flat ?? "",
    building: address?.building ?? "",
    street: address?.street ?? "",
    locality: address?.locality ?? "",
    landmark: address?.landmark ?? "",
    pincode: address?.pincode ?? "",
    lat: address?.lat ?? undefined,
    lon: address?.lon ?? undefined,
  };
}

/** Adds or edits an address; the locality comes from the place search or the browser's location. */
/** The catalog's words for a field the address check refused. */
function addressProblem(field: PropertyKey | undefined) {
  if (field === "flat") return "flatProblem";
  if (field === "locality") return "localityProblem";
  if (field === "pincode") return "pincodeProblem";
  if (field === "label") return "labelProblem";
  if (field === "building" || field === "street" || field === "landmark") return "lineTooLong";
  return "checkAddress";
}

export function AddressForm({
  address,
  onSaved,
  onCancel,
}: {
  address?: Address;
  onSaved: (address: Address) => void;
  onCancel?: () => void;
}) {
  const t = useT(bookingMessages);
  const [draft, setDraft] = useState<Draft>(() => draftOf(address));
  const [problem, setProblem] = useState<string>();
  // A chosen or detected locality that Mates does not serve: said at once, not after saving.
  const [unserved, setUnserved] = useState<string>();
  const [locating, setLocating] = useState(false);
  const save = useSaveAddress();
  const set = (field: keyof Draft) => (value: string) => setDraft((current) => ({ ...current, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { lat, lon, ...rest } = draft;
    const parsed = addressInputSchema.safeParse({
      ...rest,
      ...(lat !== undefined && lon !== undefined ? { lat, lon } : {}),
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setProblem(
        // English keeps the check's own words; Hindi and Marathi name the field from the catalog.
        activeLocale() === DEFAULT_LOCALE ? (issue?.message ?? t("checkAddress")) : t(addressProblem(issue?.path[0])),
      );
      return;
    }
    setProblem(undefined);
    save.mutate(
      { ...(address ? { id: address.id } : {}), input: parsed.data },
      { onSuccess: onSaved, onError: (error) => setProblem(error.message) },
    );
  };

  const locate = async () => {
    setLocating(true);
    const found = await detectLocation();
    setLocating(false);
    if (found.kind === "found") {
      setDraft((current) => ({ ...current, locality: found.answer.city, lat: undefined, lon: undefined }));
      setUnserved(found.answer.served ? undefined : found.answer.city);
      setProblem(undefined);
    } else setProblem(DETECTION_FAILURES[found.kind]);
  };

  const text = (field: "flat" | "building" | "street" | "landmark" | "pincode", label: string, extra = {}) => (
    <label className="block text-sm font-semibold text-slate-800">
      {label}
      <input
        className={fieldClass}
        value={draft[field]}
        onChange={(event) => set(field)(event.target.value)}
        {...extra}
      />
    </label>
  );

  return (
    <form onSubmit={submit} noValidate aria-label={t(address ? "editAddress" : "newAddress")} className="space-y-3">
      <fieldset>
        <legend className="text-sm font-semibold text-slate-800">{t("saveAs")}</legend>
        <div className="mt-1 flex gap-2">
          {ADDRESS_LABELS.map((label) => (
            <label key={label} className="flex items-center gap-1.5 rounded-lg border border-slate-300 px-3 py-1.5">
              <input
                type="radio"
                name="address-label"
                checked={draft.label === label}
                onChange={() => set("label")(label)}
                className="accent-brand-800"
              />
              {addressLabelText(label, t)}
            </label>
          ))}
        </div>
      </fieldset>
      {text("flat", t("flat"), { autoComplete: "address-line1", required: true })}
      <div className="grid gap-3 sm:grid-cols-2">
        {text("building", t("building"))}
        {text("street", t("street"), { autoComplete: "address-line2" })}
      </div>
      <PlaceSearch
        label={t("locality")}
        required
        value={draft.locality}
        onQueryChange={(query) => {
          setDraft((current) => ({ ...current, locality: query, lat: undefined, lon: undefined }));
          setUnserved(undefined);
        }}
        onChoose={(place) => {
          setDraft((current) => ({ ...current, locality: place.name, lat: place.lat, lon: place.lon }));
          setUnserved(place.served ? undefined : place.name);
        }}
      />
      {unserved ? (
        <p role="alert" className="rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-950">
          {t("unserved", { city: unserved })} {t("servedAreas")}
        </p>
      ) : null}
      <button type="button" className={secondaryActionClass} onClick={() => void locate()} disabled={locating}>
        <LocateFixed className="size-5" aria-hidden="true" />
        {locating ? t("detecting") : t("useLocation")}
      </button>
      <div className="grid gap-3 sm:grid-cols-2">
        {text("landmark", t("landmark"))}
        {text("pincode", t("pincode"), {
          inputMode: "numeric",
          maxLength: 6,
          autoComplete: "postal-code",
          required: true,
        })}
      </div>
      {problem ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-900">
          {problem}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={primaryActionClass} disabled={save.isPending}>
          {save.isPending ? t("processing") : t("saveAddress")}
        </button>
        {onCancel ? (
          <button type="button" className={secondaryActionClass} onClick={onCancel}>
            {t("cancel")}
          </button>
        ) : null}
      </div>
    </form>
  );
}
