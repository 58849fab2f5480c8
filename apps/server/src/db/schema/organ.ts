import { pgTable, serial, integer, text, boolean, timestamp, primaryKey, index, unique, uniqueIndex } from 'drizzle-orm/pg-core';

/** Organ types (company, department, position, …); a tree by parent type code. */
export const organTypes = pgTable('organ_types', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  parentCode: text('parent_code'),
  /** a position type: each organ of it holds at most one employee */
  holdsStaff: boolean('holds_staff').notNull().default(false),
  seq: integer('seq').notNull().default(0),
  note: text('note'),
});

/** A view is one hierarchy of organs; the same organ may sit in several views. */
export const organViews = pgTable('organ_views', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  note: text('note'),
});

export const organs = pgTable('organs', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  typeCode: text('type_code').notNull().references(() => organTypes.code),
  name: text('name').notNull(),
  shortName: text('short_name'),
  principal: text('principal'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('organs_type').on(t.typeCode)]);

/** Where an organ sits in a view: its parent there (null: top level) and its display order. */
export const organNodes = pgTable('organ_nodes', {
  viewId: integer('view_id').notNull().references(() => organViews.id),
  organId: integer('organ_id').notNull().references(() => organs.id, { onDelete: 'cascade' }),
  parentId: integer('parent_id'),
  seq: integer('seq').notNull().default(0),
}, (t) => [primaryKey({ columns: [t.viewId, t.organId] }), index('organ_nodes_parent').on(t.viewId, t.parentId)]);

/** Which organ type may sit under which; a null parent type means "at the top level of a view". */
export const organRules = pgTable('organ_rules', {
  id: serial('id').primaryKey(),
  parentTypeCode: text('parent_type_code').references(() => organTypes.code, { onDelete: 'cascade', onUpdate: 'cascade' }),
  childTypeCode: text('child_type_code').notNull().references(() => organTypes.code, { onDelete: 'cascade', onUpdate: 'cascade' }),
  note: text('note'),
}, (t) => [unique('organ_rules_pair').on(t.parentTypeCode, t.childTypeCode).nullsNotDistinct()]);

/** Employees; a position holds at most one (the unique index makes it hold under concurrency too). */
export const staff = pgTable('staff', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  positionId: integer('position_id').references(() => organs.id),
  /** an item code of the `gender` dictionary (GB/T 2261.1) */
  gender: text('gender'),
  mobile: text('mobile'),
  email: text('email'),
  note: text('note'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('staff_position').on(t.positionId)]);
