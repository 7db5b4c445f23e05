import { z } from "zod";
import { NO_NUL } from "./text.ts";
import { fullNameSchema, PASSWORD_MAX, PASSWORD_MIN } from "./user.ts";

/**
 * `POST /api/invitations/accept`: the first password of an invited mate or operator, with the name
 * they are to be greeted by (issue 36). An account made by invitation may have no name of its own:
 * an operator made from the command line has only an e-mail address, and none is made up from it.
 */
export const acceptInvitationSchema = z
  .object({
    token: z.string().regex(NO_NUL, "The link is not valid.").min(1, "The link is not valid.").max(200),
    newPassword: z
      .string()
      .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters.`)
      .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters.`),
    name: fullNameSchema,
  })
  .strict();
export type AcceptInvitation = z.infer<typeof acceptInvitationSchema>;
