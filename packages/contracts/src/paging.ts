import { z } from 'zod';

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 500;

/** Query of every paged list: page, limit, sort, order (DESIGN: API conventions). */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  sort: z.string().max(64).optional(),
  order: z.enum(['asc', 'desc', 'ascend', 'descend']).optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/**
 * The `sort` of a large list: one of these fields, each read in order from an index, so a page never
 * sorts the table; any other field is refused (400 naming `sort` and the allowed values).
 */
export const sortOf = <const T extends readonly [string, ...string[]]>(fields: T) => z.enum(fields).optional();
