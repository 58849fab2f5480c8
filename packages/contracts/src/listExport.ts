import { z } from 'zod';

/** Most rows one export may hold; a larger result asks the operator to narrow the search. */
export const EXPORT_MAX_ROWS = 50_000;

/**
 * "Export the current query" of any console list: the server reads the list route the screen shows
 * (with the caller's own credentials, so the route's authority applies) page by page and writes the
 * visible columns, titled and with their values labelled as the screen shows them.
 */
export const listExportColumnSchema = z.object({
  key: z.string().min(1).max(100),
  title: z.string().min(1).max(200),
  /** raw value → the label the screen shows (status codes, booleans) */
  labels: z.record(z.string().max(100), z.string().max(200)).optional(),
});

export const listExportSchema = z.object({
  url: z.string().min(5).max(300).regex(/^\/api\/[A-Za-z0-9/_.-]+$/),
  params: z.record(z.string().max(64), z.union([z.string().max(2000), z.number(), z.boolean(), z.null()])).default({}),
  columns: z.array(listExportColumnSchema).min(1).max(100),
  format: z.enum(['xlsx', 'csv']),
  fileName: z.string().min(1).max(100).regex(/^[^/\\:*?"<>|\u0000-\u001f]+$/),
  /** the operator's offset from UTC in minutes, so times read as on their screen */
  utcOffset: z.number().int().min(-840).max(840).default(0),
});
export type ListExportColumn = z.infer<typeof listExportColumnSchema>;
export type ListExportRequest = z.input<typeof listExportSchema>;
