/** SPEC §5 "Public login form": all three fields are required. Pure, unit-tested. */
export interface LoginValues {
  userName: string;
  password: string;
  code: string;
}

/** the form's messages: keys of the login page's words */
export type LoginMessage = 'userNameHint' | 'passwordHint' | 'codeHint' | 'codeWrong';

export function validateLogin(v: LoginValues, expectedCode: string): Partial<Record<keyof LoginValues, LoginMessage>> {
  const errors: Partial<Record<keyof LoginValues, LoginMessage>> = {};
  if (!v.userName.trim()) errors.userName = 'userNameHint';
  if (!v.password) errors.password = 'passwordHint';
  if (!v.code.trim()) errors.code = 'codeHint';
  else if (v.code.trim().toUpperCase() !== expectedCode.toUpperCase()) errors.code = 'codeWrong';
  return errors;
}

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export function newCode(random: () => number = Math.random, length = 4) {
  return Array.from({ length }, () => ALPHABET[Math.floor(random() * ALPHABET.length)]).join('');
}
