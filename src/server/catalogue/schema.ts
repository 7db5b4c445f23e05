import { sql } from "drizzle-orm";
import { check, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { zones } from "#server/db/zones-schema.ts";

/** Spec §3 "Services: groups of services": one row a service, its title is the spec's string value. */
export const services = pgTable(
  "services",
  {
    id: serial("id").primaryKey(),
    zone: text("zone")
      .notNull()
      .references(() => zones.id),
    name: text("name").notNull(),
    title: text("title").notNull(),
    group: text("group").notNull(),
    description: text("description").notNull(),
    icon: text("icon").notNull(),
    includes: jsonb("includes").$type<string[]>().notNull().default([]),
    excludes: jsonb("excludes").$type<string[]>().notNull().default([]),
    position: integer("position").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("services_name_key").on(table.name),
    check("services_group_check", sql`${table.group} in ('Homekit', 'Nearkart', 'Renova')`),
  ],
);

export const serviceOptions = pgTable(
  "service_options",
  {
    id: serial("id").primaryKey(),
    serviceId: integer("service_id")
      .notNull()
      .references(() => services.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    label: text("label").notNull(),
    priceRupees: integer("price_rupees").notNull(),
    durationMinutes: integer("duration_minutes").notNull(),
    /** What one of it is, for items sold by the piece or weight (Nearkart): "1 kg", "500 ml". */
    unit: text("unit"),
    position: integer("position").notNull(),
  },
  (table) => [
    uniqueIndex("service_options_service_key").on(table.serviceId, table.key),
    check("service_options_price_check", sql`${table.priceRupees} >= 0`),
    check("service_options_duration_check", sql`${table.durationMinutes} > 0`),
  ],
);

/**
 * One row: a number that moves on every change to `services` or `service_options`, however it is
 * made (the console, a script, SQL by hand): triggers in migration 0009 bump it. Each instance
 * keeps the catalogue's answer built once and asks this row at most once a second whether it is
 * still current (catalogue-answers.ts).
 */
export const catalogueVersion = pgTable(
  "catalogue_version",
  {
    id: integer("id").primaryKey(),
    version: integer("version").notNull().default(1),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check("catalogue_version_one_row", sql`${table.id} = 1`)],
);

/**
 * A service's texts in another language (issue 40): each field null until translated, and the
 * English of `services` shows meanwhile. Edited in the console, audited; a change moves the
 * catalogue's version like any other (migration 0020).
 */
export const serviceTranslations = pgTable(
  "service_translations",
  {
    serviceId: integer("service_id")
      .notNull()
      .references(() => services.id, { onDelete: "cascade" }),
    locale: text("locale").notNull(),
    title: text("title"),
    description: text("description"),
    includes: jsonb("includes").$type<string[]>(),
    excludes: jsonb("excludes").$type<string[]>(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.serviceId, table.locale] }),
    check("service_translations_locale_check", sql`${table.locale} in ('hi-IN', 'mr-IN')`),
  ],
);

/** An option's label and unit in another language; null fields fall back to English. */
export const serviceOptionTranslations = pgTable(
  "service_option_translations",
  {
    optionId: integer("option_id")
      .notNull()
      .references(() => serviceOptions.id, { onDelete: "cascade" }),
    locale: text("locale").notNull(),
    label: text("label"),
    unit: text("unit"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.optionId, table.locale] }),
    check("service_option_translations_locale_check", sql`${table.locale} in ('hi-IN', 'mr-IN')`),
  ],
);
