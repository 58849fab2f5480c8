import crypto from 'node:crypto';

export const newToken = () => crypto.randomBytes(32).toString('base64url');
/** Tokens are stored as SHA-256: a leaked table does not give working tokens. */
export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');
export const newId = () => crypto.randomUUID();
