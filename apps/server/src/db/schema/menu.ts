import { pgTable, serial, integer, text, boolean, jsonb, index } from 'drizzle-orm/pg-core';

export const menuTypes = pgTable('menu_types', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  isPreset: boolean('is_preset').notNull().default(false),
});

export const menus = pgTable('menus', {
  id: serial('id').primaryKey(),
  menuTypeId: text('menu_type_id').notNull().references(() => menuTypes.id),
  parentId: integer('parent_id'),
  menuCode: text('menu_code').notNull().unique(),
  menuName: text('menu_name').notNull(),
  /** { en, zh, es, ja } */
  names: jsonb('names').$type<Record<string, string>>().notNull(),
  path: text('path'),
  scheme: text('scheme'),
  icon: text('icon'),
  level: integer('level').notNull().default(1),
  authority: text('authority'),
  target: text('target'),
  seq: integer('seq').notNull().default(0),
  isLeaf: boolean('is_leaf').notNull().default(true),
  hidden: boolean('hidden').notNull().default(false),
  appCode: text('app_code'),
}, (t) => [index('menus_parent').on(t.parentId)]);

export const menuActions = pgTable('menu_actions', {
  id: serial('id').primaryKey(),
  menuId: integer('menu_id').notNull().references(() => menus.id, { onDelete: 'cascade' }),
  actionName: text('action_name').notNull(),
  actionCode: text('action_code').notNull(),
  seq: integer('seq').notNull().default(0),
});

export const menuActionResources = pgTable('menu_action_resources', {
  id: serial('id').primaryKey(),
  actionId: integer('action_id').notNull().references(() => menuActions.id, { onDelete: 'cascade' }),
  path: text('path').notNull(),
  authorityId: text('authority_id').notNull(),
});
