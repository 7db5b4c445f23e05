import { useLocation } from "react-router";
import { z } from "zod";
import { formatSlot } from "#web/features/booking/public.ts";

/** What the jobs list is told, in the navigation's state, after the mate released a job. */
const releasedSchema = z.object({ released: z.object({ serviceTitle: z.string(), start: z.string() }) });
type Released = z.infer<typeof releasedSchema>["released"];

export function releasedState(released: Released): z.infer<typeof releasedSchema> {
  return { released };
}

/** After a release, on the jobs list: which job went, and what happens to its customer. */
export function ReleasedNotice() {
  const parsed = releasedSchema.safeParse(useLocation().state);
  if (!parsed.success) return null;
  const { serviceTitle, start } = parsed.data.released;
  return (
    <p role="status" className="mb-4 rounded-2xl bg-brand-50 p-4 text-brand-950">
      <span className="font-semibold">
        You released {serviceTitle} on {formatSlot(start)}.
      </span>{" "}
      The customer gets another mate: Mates is assigning one now. The job is no longer in your list.
    </p>
  );
}
