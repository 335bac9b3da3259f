// Drizzle schema for the product API's database (PGlite by default, PostgreSQL when DATABASE_URL is set).
// Change it, then run `npx drizzle-kit generate --config server/db/drizzle.config.ts` to add a migration.
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// One row per identity-service user the API has seen; `id` is the token's `sub`, so rows survive email changes.
export const users = pgTable('users', {
  id: text('id').primaryKey(),
  email: text('email').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
});

// Small key/value facts about the database itself (e.g. when it was created).
export const meta = pgTable('meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

export type UserRow = typeof users.$inferSelect;
