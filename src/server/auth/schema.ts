import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { zones } from "#server/db/zones-schema.ts";

/**
 * Better Auth's tables, in our schema and migrations. Property names are Better Auth's field names
 * (the adapter looks columns up by them); SQL names are ours.
 *
 * `users` is also the spec's user record (§3): `name` is fullName, `image` the Google picture, and
 * the additional columns carry key (= uid), mobile, photoURL, role, fcmToken and the zone; the phone-number
 * plugin's phoneNumber and phoneNumberVerified are ours too (record 072).
 */
export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    key: text("key").notNull(),
    /** The number typed at an e-mail sign-up, never verified; a phone sign-up sets it to the verified one. */
    mobile: text("mobile"),
    /** A number proven by a code sent to it by SMS (issue 41, record 072): at most one account each. */
    phoneNumber: text("phone_number"),
    phoneNumberVerified: boolean("phone_number_verified").notNull().default(false),
    photoURL: text("photo_url"),
    role: text("role").notNull().default("customer"),
    fcmToken: text("fcm_token").notNull().default(""),
    zone: text("zone")
      .notNull()
      .default("Zone001")
      .references(() => zones.id),
    /** Set by an operator: a disabled account cannot sign in and its sessions end at once (issue 16). */
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    /** A business the customer books for, kept for later bookings (issue 36): both or neither. */
    businessGstin: text("business_gstin"),
    businessLegalName: text("business_legal_name"),
    /** The language their screens, mails and pushes are in (issue 40): en-IN, hi-IN or mr-IN. */
    locale: text("locale").notNull().default("en-IN"),
  },
  (table) => [
    check("users_role_check", sql`${table.role} in ('customer', 'mate', 'operator')`),
    // An account made by phone has no e-mail address (""): only real addresses are unique.
    uniqueIndex("users_email_lower_key").on(sql`lower(${table.email})`).where(sql`${table.email} <> ''`),
    uniqueIndex("users_phone_number_key").on(table.phoneNumber),
    uniqueIndex("users_key_key").on(table.key),
    check("users_locale_check", sql`${table.locale} in ('en-IN', 'hi-IN', 'mr-IN')`),
    check("users_business_check", sql`(${table.businessGstin} is null) = (${table.businessLegalName} is null)`),
  ],
);

/**
 * Every user key ever handed out (record 080): a key is claimed here, and the claim committed,
 * before its user row is written, so two sign-ups racing for one name cannot pick the same key.
 * A claim outlives its account on purpose: a key is never given to a second person.
 */
export const userKeyClaims = pgTable("user_key_claims", {
  key: text("key").primaryKey(),
  claimedAt: timestamp("claimed_at", { withTimezone: true }).notNull().defaultNow(),
});

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (table) => [index("sessions_user_id_idx").on(table.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("accounts_user_id_idx").on(table.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("verifications_identifier_idx").on(table.identifier)],
);
