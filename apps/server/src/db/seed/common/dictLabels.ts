import type { Lang } from '@bencao/contracts';

/**
 * The demo dictionaries' item names (seeded in Chinese, common/index.ts) in English, Spanish and
 * Japanese, by dictionary code and item code. They are product-supplied labels, not operator content:
 * an item still carrying its seeded name reads in the operator's language; a renamed one as typed.
 */
const ITEM_LABELS: Record<string, Record<string, [zh: string, en: string, es: string, ja: string]>> = {
  gender: {
    0: ['未知的性别', 'Unknown', 'Desconocido', '不明'],
    1: ['男', 'Male', 'Hombre', '男性'],
    2: ['女', 'Female', 'Mujer', '女性'],
    9: ['未说明的性别', 'Not stated', 'No indicado', '未回答'],
  },
  yesNo: {
    1: ['是', 'Yes', 'Sí', 'はい'],
    0: ['否', 'No', 'No', 'いいえ'],
  },
  education: {
    10: ['研究生', 'Postgraduate', 'Posgrado', '大学院'],
    20: ['大学本科', "Bachelor's degree", 'Grado universitario', '学士'],
    30: ['大学专科', 'Associate degree', 'Diplomatura', '短期大学'],
    40: ['中等专业学校', 'Vocational secondary school', 'Formación profesional', '専門学校'],
    60: ['普通高级中学', 'Senior high school', 'Bachillerato', '高等学校'],
    70: ['初级中学', 'Junior high school', 'Educación secundaria', '中学校'],
    80: ['小学', 'Primary school', 'Educación primaria', '小学校'],
    90: ['其他', 'Other', 'Otro', 'その他'],
  },
  idType: {
    '01': ['居民身份证', 'Resident identity card', 'Documento de identidad de residente', '居民身分証'],
    '02': ['护照', 'Passport', 'Pasaporte', 'パスポート'],
    '03': ['港澳居民来往内地通行证', 'Mainland travel permit (Hong Kong / Macao)', 'Permiso de viaje al continente (Hong Kong / Macao)', '往来内地通行証（香港・マカオ）'],
    '04': ['台湾居民来往大陆通行证', 'Mainland travel permit (Taiwan)', 'Permiso de viaje al continente (Taiwán)', '台湾居民来往大陸通行証'],
    '05': ['外国人永久居留身份证', 'Foreign permanent resident ID card', 'Tarjeta de residente permanente extranjero', '外国人永住身分証'],
  },
};

const ORDER: Lang[] = ['zh', 'en', 'es', 'ja'];

/** The item's name in `lang` when it is still the seeded one; otherwise the name as stored. */
export function dictItemLabel(dictCode: string, itemCode: string, stored: string, lang: Lang): string {
  const names = ITEM_LABELS[dictCode]?.[itemCode];
  return names && names[0] === stored ? names[ORDER.indexOf(lang)] : stored;
}
