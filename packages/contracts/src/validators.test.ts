import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  bankCardSchema, chineseEnglishSpaceSchema, chineseIdCardSchema, digitsAndLineBreaksSchema, emailSchema, englishLettersSchema,
  httpUrlSchema, idNumberSchema, isBankCard, isChineseEnglishSpace, isChineseIdCard, isDigitsAndLineBreaks, isEmail, isEnglishLetters,
  isFilled, isHttpUrl, isIdNumber, isLandline, isLettersDigits20, isMobile, isNaturalNumber, isQQ, isSelected, isSelectionSize,
  isText255, isUserName, landlineSchema, lettersDigits20Schema, mobileSchema, multiSelect, naturalNumberSchema, optionalField, qqSchema,
  requiredEmailSchema, requiredText, selectRequired, text255Schema, userNameSchema, validationError,
} from './validators';
import { formatIssue } from './formatIssue';
import { translate } from './messages/index';

/** the catalogue key (message) of the first issue, or null when the value passes */
const keyOf = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? null : r.error.issues[0].message;
};

interface Case {
  name: string;
  test: (v: string) => boolean;
  schema: z.ZodType;
  key: string;
  good: string[];
  bad: string[];
}

const cases: Case[] = [
  {
    name: 'mobile', test: isMobile, schema: mobileSchema, key: 'valid.mobile',
    good: ['13800138000', '15912345678', '18000000000', '14700000000'],
    bad: ['12800138000', '19800138000', '1380013800', '138001380000', '2380013800a', '1380013800a', ' 13800138000', '+8613800138000'],
  },
  {
    name: 'natural number', test: isNaturalNumber, schema: naturalNumberSchema, key: 'valid.naturalNumber',
    good: ['0', '7', '42', '1234567890123'],
    bad: ['-1', '1.5', '01', 'a', '1 ', '１２'],
  },
  {
    name: 'English letters', test: isEnglishLetters, schema: englishLettersSchema, key: 'valid.letters',
    good: ['a', 'abc', 'ABCxyz'],
    bad: ['abc1', 'ab c', 'é', '中文', 'a_b'],
  },
  {
    name: 'landline', test: isLandline, schema: landlineSchema, key: 'valid.landline',
    good: ['010-1234567', '010-12345678', '0755-12345678', '0571-1234567'],
    bad: ['010-123456', '010-123456789', '10-12345678', '01012345678', '00755-1234567', '010 12345678', '0a0-1234567'],
  },
  {
    name: 'bank card', test: isBankCard, schema: bankCardSchema, key: 'valid.bankCard',
    good: ['6222020200112233', '1234567890', '12345678901234567890'],
    bad: ['0222020200112233', '123456789', '123456789012345678901', '6222 0202 0011', '622202020011223a'],
  },
  {
    name: 'ID number', test: isIdNumber, schema: idNumberSchema, key: 'valid.idNumber',
    good: ['A', 'E12345678', 'x'.repeat(50), '11010519491231002X'],
    bad: ['x'.repeat(51), 'AB-123', 'AB 123', '护照123'],
  },
  {
    name: 'Chinese ID card', test: isChineseIdCard, schema: chineseIdCardSchema, key: 'valid.chineseIdCard',
    good: ['11010519491231002X', '11010519491231002x', '440524188001010014', '130503670401001'],
    // wrong check digit, wrong length, letters in the body, X in a 15-digit number
    bad: ['110105194912310021', '440524188001010015', '44052418800101001', '4405241880010100144', '1305036704010011', 'A40524188001010014', '13050367040100X'],
  },
  {
    name: 'QQ', test: isQQ, schema: qqSchema, key: 'valid.qq',
    good: ['10000', '123456789', '123456789012'],
    bad: ['1234', '1234567890123', '01234567', 'qq12345'],
  },
  {
    name: 'URL', test: isHttpUrl, schema: httpUrlSchema, key: 'valid.httpUrl',
    good: ['http://example.com', 'https://example.com/a/b?c=1#d', 'HTTPS://EXAMPLE.COM', 'http://127.0.0.1:8080/x'],
    bad: ['ftp://example.com', 'example.com', 'www.example.com', 'http://', 'https:// example.com', 'http:/example.com', 'javascript:alert(1)', ' http://example.com'],
  },
  {
    name: 'letters and digits up to 20', test: isLettersDigits20, schema: lettersDigits20Schema, key: 'valid.lettersDigits20',
    good: ['a', 'abc123', 'A1'.repeat(10)],
    bad: ['A1'.repeat(10) + 'x', 'abc_123', 'abc 123', '中1'],
  },
  {
    name: 'Chinese, English or space 2-100', test: isChineseEnglishSpace, schema: chineseEnglishSpaceSchema, key: 'valid.chineseEnglishSpace',
    good: ['张三', 'Li Si', '本草 Bencao', 'ab', '中'.repeat(100)],
    bad: ['张', 'a', '中'.repeat(101), 'Li Si 2', '张三！', 'O\'Brien', 'ab\tc'],
  },
  {
    name: 'digits and line breaks', test: isDigitsAndLineBreaks, schema: digitsAndLineBreaksSchema, key: 'valid.digitsLines',
    good: ['1', '123\n456', '1\r\n2\n', '\n1'],
    bad: ['12 34', '1,2', '1\t2', 'a\n1', '1.5'],
  },
];

describe.each(cases)('$name', ({ test, schema, key, good, bad }) => {
  it('accepts', () => {
    for (const v of good) {
      expect(test(v), v).toBe(true);
      expect(keyOf(schema, v), v).toBeNull();
    }
  });
  it('rejects with its own message', () => {
    for (const v of bad) {
      expect(test(v), v).toBe(false);
      expect(keyOf(schema, v), v).toBe(key);
    }
  });
  it('is required', () => {
    for (const v of [undefined, null, '']) expect(keyOf(schema, v)).toBe(key === 'valid.mobile' ? 'valid.mobileRequired' : 'valid.required');
  });
});

describe('user name', () => {
  it('accepts letters, digits and underscore, 6 to 18', () => {
    for (const v of ['abcdef', 'user_01', 'A_b_C_1', 'x'.repeat(18), '______']) {
      expect(isUserName(v), v).toBe(true);
      expect(keyOf(userNameSchema, v), v).toBeNull();
    }
  });
  it('rejects with "cannot be empty", the characters or the length', () => {
    expect(keyOf(userNameSchema, '')).toBe('valid.required');
    expect(keyOf(userNameSchema, undefined)).toBe('valid.required');
    expect(keyOf(userNameSchema, 'user-name')).toBe('valid.userNameChars');
    expect(keyOf(userNameSchema, '用户名用户名')).toBe('valid.userNameChars');
    expect(keyOf(userNameSchema, 'abcde')).toBe('valid.minLength');
    expect(keyOf(userNameSchema, 'x'.repeat(19))).toBe('valid.maxLength');
    for (const v of ['', 'abcde', 'x'.repeat(19), 'user name', 'user-name']) expect(isUserName(v), v).toBe(false);
    expect(validationError(userNameSchema, 'abc', 'en')).toBe('minimum length 6 characters');
    expect(validationError(userNameSchema, 'x'.repeat(19), 'zh')).toBe('长度不能超过 18 个字符');
  });
});

describe('email', () => {
  it('is optional', () => {
    for (const v of [undefined, null, '']) expect(keyOf(emailSchema, v)).toBeNull();
    expect(emailSchema.parse('')).toBeUndefined();
    expect(emailSchema.parse('a@b.cn')).toBe('a@b.cn');
  });
  it('accepts addresses and rejects the rest with "email format incorrect"', () => {
    for (const v of ['a@b.cn', 'first.last+tag@mail.example.com', 'x_y-z@sub-domain.example.org']) {
      expect(isEmail(v), v).toBe(true);
      expect(keyOf(emailSchema, v), v).toBeNull();
    }
    for (const v of ['a', 'a@', '@b.com', 'a@b', 'a@b.', 'a b@c.com', 'a..b@c.com', '.a@c.com', 'a@-b.com', 'a@b.c', 'a@@b.com']) {
      expect(isEmail(v), v).toBe(false);
      expect(keyOf(emailSchema, v), v).toBe('valid.email');
    }
    expect(keyOf(requiredEmailSchema, '')).toBe('valid.required');
    expect(validationError(emailSchema, 'nope', 'zh')).toBe('邮箱格式不正确');
  });
});

describe('text up to 255', () => {
  it('accepts any text up to 255 characters, empty included', () => {
    for (const v of ['', 'x', '任意文字 with 符号!\n', 'x'.repeat(255)]) {
      expect(isText255(v)).toBe(true);
      expect(keyOf(text255Schema, v)).toBeNull();
    }
    expect(isText255('x'.repeat(256))).toBe(false);
    expect(validationError(text255Schema, 'x'.repeat(256), 'es')).toBe('longitud máxima de 255 caracteres');
  });
});

describe('optionalField()', () => {
  it('lets empty values through and checks the others', () => {
    const s = optionalField(qqSchema);
    for (const v of [undefined, null, '']) expect(keyOf(s, v)).toBeNull();
    expect(keyOf(s, '12345')).toBeNull();
    expect(keyOf(s, '0123')).toBe('valid.qq');
    expect(keyOf(z.object({ qq: s }), {})).toBeNull();
  });
});

describe('required text', () => {
  it('refuses empty or blank values', () => {
    const s = requiredText();
    for (const v of [undefined, null, '', '   ']) expect(keyOf(s, v)).toBe('valid.required');
    expect(s.parse('  ok  ')).toBe('ok');
    for (const v of [undefined, null, '', '   ', 3]) expect(isFilled(v)).toBe(false);
    expect(isFilled('x')).toBe(true);
  });
  it('applies the minimum and maximum length with their messages', () => {
    const s = requiredText({ min: 2, max: 5 });
    expect(keyOf(s, 'a')).toBe('valid.minLength');
    expect(keyOf(s, 'abcdef')).toBe('valid.maxLength');
    expect(keyOf(s, 'ab')).toBeNull();
    expect(keyOf(s, 'abcde')).toBeNull();
    expect(isFilled('a', { min: 2, max: 5 })).toBe(false);
    expect(isFilled('abcdef', { min: 2, max: 5 })).toBe(false);
    expect(isFilled(' abc ', { min: 2, max: 5 })).toBe(true);
    expect(validationError(s, 'a', 'en')).toBe('minimum length 2 characters');
    expect(validationError(s, 'abcdef', 'en')).toBe('maximum length 5 characters');
    expect(validationError(s, 'a', 'ja')).toBe('2 文字以上で入力してください');
    expect(validationError(s, '', 'zh')).toBe('不能为空');
  });
});

describe('select', () => {
  it('is required', () => {
    const s = selectRequired();
    for (const v of [undefined, null, '']) expect(keyOf(s, v)).toBe('valid.select');
    for (const v of ['a', 0, false, 12]) expect(keyOf(s, v)).toBeNull();
    expect(isSelected(0)).toBe(true);
    expect(isSelected('')).toBe(false);
    expect(isSelected(null)).toBe(false);
    expect(validationError(s, undefined, 'zh')).toBe('请选择');
  });
  it('checks the chosen value with the item schema', () => {
    const s = selectRequired(z.enum(['a', 'b']));
    expect(keyOf(s, 'a')).toBeNull();
    expect(keyOf(s, 'c')).not.toBeNull();
    expect(keyOf(s, '')).toBe('valid.select');
  });
});

describe('multi-select', () => {
  it('is required', () => {
    const s = multiSelect();
    for (const v of [undefined, null, []]) expect(keyOf(s, v)).toBe('valid.select');
    expect(keyOf(s, ['a'])).toBeNull();
    expect(isSelectionSize([])).toBe(false);
    expect(isSelectionSize('a')).toBe(false);
    expect(isSelectionSize([1])).toBe(true);
  });
  it('applies the minimum and maximum count', () => {
    const s = multiSelect({ min: 2, max: 3 }, z.number());
    expect(keyOf(s, [1])).toBe('valid.minItems');
    expect(keyOf(s, [1, 2, 3, 4])).toBe('valid.maxItems');
    expect(keyOf(s, [1, 2])).toBeNull();
    expect(keyOf(s, [1, 2, 3])).toBeNull();
    expect(keyOf(s, [1, 'x'])).not.toBeNull();
    expect(isSelectionSize([1], { min: 2, max: 3 })).toBe(false);
    expect(isSelectionSize([1, 2, 3, 4], { min: 2, max: 3 })).toBe(false);
    expect(isSelectionSize([1, 2], { min: 2, max: 3 })).toBe(true);
    expect(validationError(s, [1], 'en')).toBe('select at least 2 items');
    expect(validationError(s, [1, 2, 3, 4], 'es')).toBe('seleccione como máximo 3 elementos');
    expect(validationError(s, [1], 'ja')).toBe('2 件以上選択してください');
  });
});

describe('messages flow through formatIssue', () => {
  it('words every pattern message in each language', () => {
    for (const { schema, key, bad } of cases) {
      const issue = schema.safeParse(bad[0]).error!.issues[0];
      for (const lang of ['en', 'zh', 'es', 'ja'] as const) {
        const text = formatIssue({ ...issue, code: issue.code, message: issue.message }, lang);
        expect(text).toBe(translate(lang, key));
        expect(text).not.toBe(key);
      }
    }
  });
  it('gives the spec wording for the mobile number', () => {
    expect(validationError(mobileSchema, '', 'en')).toBe('enter mobile number');
    expect(validationError(mobileSchema, '123', 'en')).toBe('enter a correct mobile number');
    expect(validationError(mobileSchema, '', 'zh')).toBe('请输入手机号码');
    expect(validationError(mobileSchema, '123', 'zh')).toBe('请输入正确的手机号码');
    expect(validationError(mobileSchema, '13800138000', 'zh')).toBeNull();
  });
  it('names the field and rule in an object', () => {
    const form = z.object({ mobile: mobileSchema, userName: userNameSchema, email: emailSchema });
    const r = form.safeParse({ mobile: '1', userName: '', email: 'x' });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['mobile', 'valid.mobile'], ['userName', 'valid.required'], ['email', 'valid.email'],
    ]);
  });
});
