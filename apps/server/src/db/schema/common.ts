import { pgTable, serial, integer, text, boolean, timestamp, date, index, uniqueIndex } from 'drizzle-orm/pg-core';

/** Business serial number rules; `period` is the date part the counter belongs to. */
export const serialRules = pgTable('serial_rules', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  isGlobal: boolean('is_global').notNull().default(true),
  organId: integer('organ_id'),
  length: integer('length').notNull(),
  currentValue: integer('current_value').notNull().default(0),
  prefix: text('prefix').notNull(),
  suffix: text('suffix').notNull().default(''),
  type: text('type', { enum: ['yearly', 'monthly', 'daily'] }).notNull(),
  period: text('period').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Administrative divisions: country → province → city → county → street. */
export const regions = pgTable('regions', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  shortName: text('short_name'),
  type: text('type', { enum: ['country', 'province', 'city', 'county', 'street'] }).notNull(),
  parentCode: text('parent_code'),
}, (t) => [index('regions_parent').on(t.parentCode, t.code)]);

/** Days that differ from the weekday rule: public holidays (rest) and adjusted working days. */
export const calendarDays = pgTable('calendar_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  kind: text('kind', { enum: ['holiday', 'workday'] }).notNull(),
  name: text('name'),
  updatedBy: text('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const dicts = pgTable('dicts', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  note: text('note'),
  updatedBy: text('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const dictItems = pgTable('dict_items', {
  id: serial('id').primaryKey(),
  dictId: integer('dict_id').notNull().references(() => dicts.id, { onDelete: 'cascade' }),
  code: text('code').notNull(),
  name: text('name').notNull(),
  seq: integer('seq').notNull().default(0),
  /** the colour of the item's tag wherever it is shown (DICT_COLORS) */
  color: text('color').notNull().default('default'),
}, (t) => [uniqueIndex('dict_items_code').on(t.dictId, t.code)]);
