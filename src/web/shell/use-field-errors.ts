import { useCallback, useState } from "react";

/** What is wrong with each field of a form, in a sentence shown beside it. */
export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export function hasErrors(errors: FieldErrors<string>): boolean {
  return Object.values(errors).some(Boolean);
}

function without<K extends string>(errors: FieldErrors<K>, field: K): FieldErrors<K> {
  if (!(field in errors)) return errors;
  const rest = { ...errors };
  delete rest[field];
  return rest;
}

/**
 * A form's field errors, and the change handler every field uses: set the value, clear that
 * field's error (a person who is fixing a field should not keep reading what was wrong with it).
 */
export function useFieldErrors<K extends string>() {
  const [errors, setErrors] = useState<FieldErrors<K>>({});
  const onChange = useCallback(
    (field: K, set: (value: string) => void) => (value: string) => {
      set(value);
      setErrors((now) => without(now, field));
    },
    [],
  );
  return { errors, setErrors, onChange };
}
