/**
 * Text a mail or HTTP header carries (a mail subject, an address, a header value): no control character
 * (C0 but tab, DEL, C1, the Unicode line and paragraph separators), so no value can start a header line
 * of its own ("hi\r\nBcc: …"). The zod form is `headerSafe` in validators.ts.
 */
export const HEADER_UNSAFE_RE = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u2028\u2029]/;
export const isHeaderSafe = (v: string): boolean => !HEADER_UNSAFE_RE.test(v);
