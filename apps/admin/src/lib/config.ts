/** Build-time configuration (Vite env), SPEC §7/§9. */
export const config = {
  /** origin of the API; empty: the console's own origin (the server serves both) */
  apiOrigin: (import.meta.env.VITE_API_ORIGIN as string | undefined) ?? '',
  timeoutMs: 60_000,
  sessionCheckMs: 300_000,
  userCheckMs: 120_000,
  toastMs: 3_000,
  /** SPEC §9: client errors are recorded only in production */
  reportErrors: import.meta.env.PROD,
};
