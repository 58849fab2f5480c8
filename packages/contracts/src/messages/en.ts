/**
 * Messages the server sends and both clients show, in English. The other languages are typed
 * against these keys, so a missing translation fails the type check and the catalogue test.
 * `{name}` placeholders are filled by `translate`.
 */
export const en = {
  'error.system': 'System error, please contact system administrator',
  'error.import': 'Import error, please confirm whether the import file meets the requirements',
  'error.importSql': 'Please check whether the imported SQL is reasonable',
  'error.notFound': 'The requested record does not exist',
  'error.routeNotFound': 'No such API: {method} {url}',
  'error.unauthorized': 'Session Invalidation, Login Again Please',
  'error.sessionEnded': 'Your session has ended ({reason}). Please log in again.',
  'error.forbidden': 'You do not have the authority "{authority}" needed for this operation',
  'error.mustChangePassword': 'Your password must be changed before you continue',
  'error.alreadyExists': '{field} already exists',
  'error.tooManyRequests': 'Too many requests, please try again later',
  'error.validation': '{field}: {rule}',
  'auth.badCredentials': 'Incorrect username or password, please re-enter',
  'auth.locked': 'Continuous input error, your account has been locked, please contact the administrator for recovery',
  'auth.lockedUntil': 'Your account is locked until {until}',
  'auth.ipForbidden': 'Login from {ip} is not allowed for this account',
  'auth.passwordExpired': 'Your password has expired, please contact the administrator',
  'auth.loginKeyInvalid': 'The login key has expired, please try again',
  'auth.refreshInvalid': 'The refresh token is invalid or has expired',
  'auth.oldPasswordWrong': 'The current password is incorrect',
  'auth.passwordSame': 'The new password must differ from the current one',
  'auth.passwordMismatch': 'Passwords do not match!',
  'sessionEnd.logout': 'logged out',
  'sessionEnd.kicked': 'forced out by an administrator',
  'sessionEnd.replaced': 'the maximum number of sessions was reached',
  'sessionEnd.expired': 'idle too long',
  'sessionEnd.passwordChanged': 'password changed',
  'sessionEnd.locked': 'account locked',
  'policy.minLength': 'at least {n} characters',
  'policy.maxLength': 'at most {n} characters',
  'policy.uppercase': 'an uppercase letter',
  'policy.lowercase': 'a lowercase letter',
  'policy.digit': 'a digit',
  'policy.special': 'a special character',
  'policy.violation': 'The password does not satisfy the password policy: it needs {rules}',
  'ok.deleted': 'Deleted successfully',
  'ok.saved': 'Saved successfully',
} as const;

export type MessageKey = keyof typeof en;
export type Messages = Record<MessageKey, string>;
