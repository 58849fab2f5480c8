/** SPEC §5 "Public login form": all three fields are required. Pure, unit-tested. */
export interface LoginValues {
  userName: string;
  password: string;
  code: string;
}

export const LOGIN_MESSAGES = {
  userName: '请输入您的账号',
  password: '请输入您的密码',
  code: '请输入验证码',
  codeWrong: '验证码不正确，请重新输入',
} as const;

export function validateLogin(v: LoginValues, expectedCode: string): Partial<Record<keyof LoginValues, string>> {
  const errors: Partial<Record<keyof LoginValues, string>> = {};
  if (!v.userName.trim()) errors.userName = LOGIN_MESSAGES.userName;
  if (!v.password) errors.password = LOGIN_MESSAGES.password;
  if (!v.code.trim()) errors.code = LOGIN_MESSAGES.code;
  else if (v.code.trim().toUpperCase() !== expectedCode.toUpperCase()) errors.code = LOGIN_MESSAGES.codeWrong;
  return errors;
}

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export function newCode(random: () => number = Math.random, length = 4) {
  return Array.from({ length }, () => ALPHABET[Math.floor(random() * ALPHABET.length)]).join('');
}
