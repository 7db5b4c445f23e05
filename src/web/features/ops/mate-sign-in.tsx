import { useId, useState } from "react";
import { INVITATION } from "#domain/auth.ts";
import { phoneNumberSchema } from "#domain/phone-sign-in.ts";
import { useInviteMateBySms, useMatePhoneNumber } from "./ops-api.ts";
import { buttonClass, inputClass, Outcome } from "./ops-ui.tsx";

const REASON_MIN = 5;

/** A 10-digit number field with +91 shown before it. */
function NumberField({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  const id = useId();
  return (
    <label htmlFor={id} className="text-sm font-semibold text-slate-800">
      {label}
      <span className="mt-1 flex items-center gap-2">
        <span className="text-slate-700">+91</span>
        <input
          id={id}
          inputMode="numeric"
          autoComplete="off"
          maxLength={10}
          value={value}
          onChange={(event) => onChange(event.target.value.replace(/\D/g, ""))}
          className={`${inputClass} w-40`}
        />
      </span>
    </label>
  );
}

/**
 * A mate's sign-in by mobile number (issue 41, record 073): an invitation by SMS, to the number on
 * their verified application unless the operator gives another, whose link signs them in with a
 * code; and the change of the number they sign in with, which only an operator makes, with a reason
 * kept in the audit log.
 */
export function MateSignIn({
  mateId,
  signInNumber,
  invitationNumber,
}: {
  mateId: string;
  signInNumber: string | null;
  invitationNumber: string | null;
}) {
  const invite = useInviteMateBySms(mateId);
  const change = useMatePhoneNumber(mateId);
  const [toInvite, setToInvite] = useState(signInNumber ?? invitationNumber ?? "");
  const [next, setNext] = useState("");
  const [reason, setReason] = useState("");
  const reasonId = useId();
  const valid = (number: string) => phoneNumberSchema.safeParse(number).success;
  return (
    <div className="space-y-4">
      <p className="text-slate-800">
        {signInNumber ? `Signs in with +91 ${signInNumber}.` : "Does not sign in with a mobile number yet."}
      </p>
      <form
        aria-label="Invite by SMS"
        onSubmit={(event) => {
          event.preventDefault();
          invite.mutate(toInvite);
        }}
      >
        <p className="text-sm text-slate-700">
          The SMS carries a link that works once, for {INVITATION.days} days: the mate gets a code by SMS to this number
          and is signed in, no password needed.
        </p>
        {signInNumber ? (
          <p className="mt-2 text-slate-800">The invitation goes to +91 {signInNumber}.</p>
        ) : (
          <div className="mt-2">
            <NumberField label="Mobile number" value={toInvite} onChange={setToInvite} />
          </div>
        )}
        <button type="submit" className={`${buttonClass} mt-2`} disabled={invite.isPending || !valid(toInvite)}>
          Send SMS invitation
        </button>
        <Outcome error={invite.error} done={invite.isSuccess ? "Invitation sent by SMS." : undefined} />
      </form>
      {signInNumber ? (
        <form
          aria-label="Change their number"
          onSubmit={(event) => {
            event.preventDefault();
            change.mutate(
              { phoneNumber: next, reason },
              {
                onSuccess: () => {
                  setNext("");
                  setReason("");
                },
              },
            );
          }}
        >
          <p className="text-sm text-slate-700">
            Mates cannot change their number themselves. The old number stops signing in at once; the change and its
            reason go in the audit log.
          </p>
          <div className="mt-2 flex flex-wrap gap-3">
            <NumberField label="New mobile number" value={next} onChange={setNext} />
            <label htmlFor={reasonId} className="text-sm font-semibold text-slate-800">
              Reason
              <input
                id={reasonId}
                value={reason}
                maxLength={500}
                onChange={(event) => setReason(event.target.value)}
                className={`${inputClass} mt-1 block`}
              />
            </label>
          </div>
          <button
            type="submit"
            className={`${buttonClass} mt-2`}
            disabled={change.isPending || !valid(next) || reason.trim().length < REASON_MIN}
          >
            Change number
          </button>
          <Outcome error={change.error} done={change.isSuccess ? "Number changed." : undefined} />
        </form>
      ) : null}
    </div>
  );
}
