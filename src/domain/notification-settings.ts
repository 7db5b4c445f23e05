import { z } from "zod";

/**
 * The notices a person may turn off (issue 19): their settings, how the profile names each, and the
 * line a mail sent because of one carries at its foot.
 */

/** The person's choices about notices they may turn off. */
export const notificationSettingsSchema = z.object({
  /** Rating prompts by e-mail and push after a completed booking. */
  ratingPrompts: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** How the profile names a setting, and whether that name is a plural ("reminders are", "a digest is"). */
export type SettingName = { label: string; plural: boolean };
/** Each setting's name as the profile shows it; mails that a setting allows name it the same way. */
export const NOTIFICATION_SETTING_NAMES = {
  ratingPrompts: { label: "Rating reminders", plural: true },
} as const satisfies Record<keyof NotificationSettings, SettingName>;

/**
 * The line at the foot of a mail sent because a setting is on, and the words of the link that turns
 * it off. Inside the sentence the name loses its capital (unless it begins with an acronym, "SMS
 * alerts") and takes the verb of its number.
 */
export function whyYouGetThis({ label, plural }: SettingName): { why: string; turnOff: string } {
  const inSentence = /^\p{Lu}{2}/u.test(label) ? label : label.charAt(0).toLowerCase() + label.slice(1);
  return {
    why: `You get this because ${inSentence} ${plural ? "are" : "is"} on in your profile.`,
    turnOff: plural ? "Turn them off" : "Turn it off",
  };
}
export const notificationSettingsInputSchema = notificationSettingsSchema.strict();
