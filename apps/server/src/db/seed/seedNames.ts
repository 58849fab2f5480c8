import type { Lang } from '@bencao/contracts';

/**
 * The names the product seeds (in Chinese) for organ types, organ views, the demo organs and positions,
 * roles and dictionary types, in the four console languages, by kind and code (issue 16). They are
 * product-supplied labels, not operator content: a row still carrying its seeded name (in any of the
 * four languages: a form saved unchanged in English stores the English name) reads in the operator's
 * language; a row an operator renamed reads as typed, for everyone. Dictionary items: common/dictLabels.ts;
 * authority-tree nodes: modules/security/treeNames.ts.
 */
type Names = [zh: string, en: string, es: string, ja: string];
export type SeedKind = 'organType' | 'organView' | 'organ' | 'organShort' | 'role' | 'dict' | 'menuType' | 'portalNode' | 'serial';

const CATALOGUE: Record<SeedKind, Record<string, Names>> = {
  organType: {
    company: ['公司', 'Company', 'Empresa', '会社'],
    dept: ['部门', 'Department', 'Departamento', '部門'],
    position: ['岗位', 'Position', 'Puesto', '職位'],
  },
  organView: {
    admin: ['行政组织', 'Administrative organization', 'Organización administrativa', '行政組織'],
    business: ['业务条线', 'Business lines', 'Líneas de negocio', '事業ライン'],
  },
  organ: {
    BENCAO: ['本草药业集团有限公司', 'Bencao Pharmaceutical Group Co., Ltd.', 'Grupo Farmacéutico Bencao, S.A.', '本草製薬グループ株式会社'],
    'BC-RD': ['研发中心', 'R&D Center', 'Centro de I+D', '研究開発センター'],
    'BC-RD-TCM': ['中药研究所', 'Institute of Chinese Materia Medica', 'Instituto de Materia Médica China', '中薬研究所'],
    'BC-RD-TCM-P1': ['首席研究员', 'Chief researcher', 'Investigador jefe', '主席研究員'],
    'BC-RD-TCM-P2': ['药理研究员', 'Pharmacology researcher', 'Investigador de farmacología', '薬理研究員'],
    'BC-RD-P1': ['研发总监', 'R&D director', 'Director de I+D', '研究開発ディレクター'],
    'BC-PROD': ['生产部', 'Production Department', 'Departamento de Producción', '生産部'],
    'BC-PROD-P1': ['生产经理', 'Production manager', 'Jefe de producción', '生産マネージャー'],
    'BC-PROD-P2': ['饮片车间主任', 'Decoction pieces workshop supervisor', 'Jefe del taller de piezas para decocción', '飲片工場主任'],
    'BC-PROD-P9': ['生产计划员', 'Production planner', 'Planificador de producción', '生産計画担当'],
    'BC-QA': ['质量管理部', 'Quality Management Department', 'Departamento de Gestión de Calidad', '品質管理部'],
    'BC-QA-P1': ['质量受权人', 'Qualified person', 'Persona cualificada', '品質責任者'],
    'BC-MKT': ['市场营销部', 'Marketing Department', 'Departamento de Marketing', 'マーケティング部'],
    'BC-MKT-P1': ['市场总监', 'Marketing director', 'Director de marketing', 'マーケティングディレクター'],
    'BC-HR': ['人力资源部', 'Human Resources Department', 'Departamento de Recursos Humanos', '人事部'],
    'BC-HR-P1': ['人力资源经理', 'HR manager', 'Responsable de recursos humanos', '人事マネージャー'],
  },
  organShort: {
    BENCAO: ['本草药业', 'Bencao Pharma', 'Bencao Farma', '本草製薬'],
  },
  role: {
    SUPER_ADMIN: ['超级管理员', 'Super administrator', 'Superadministrador', 'スーパー管理者'],
    AUDITOR: ['审计员', 'Auditor', 'Auditor', '監査担当者'],
    WEB_EDITOR: ['网站编辑', 'Website editor', 'Editor del sitio web', 'Web サイト編集者'],
    GOVERNANCE_OPS: ['运维工程师', 'Operations engineer', 'Ingeniero de operaciones', '運用エンジニア'],
    BPM_USER: ['流程用户', 'Workflow user', 'Usuario de flujos de trabajo', 'ワークフロー利用者'],
    PURCHASER: ['采购专员', 'Purchasing specialist', 'Especialista de compras', '購買担当者'],
    FINANCE: ['财务审核', 'Finance reviewer', 'Revisor financiero', '財務審査担当'],
    PHARMACOVIGILANCE: ['药物警戒', 'Pharmacovigilance', 'Farmacovigilancia', 'ファーマコビジランス'],
    HR: ['人力资源', 'Human resources', 'Recursos humanos', '人事'],
  },
  dict: {
    gender: ['性别', 'Gender', 'Sexo', '性別'],
    yesNo: ['是否', 'Yes / No', 'Sí / No', 'はい / いいえ'],
    education: ['学历', 'Education', 'Nivel de estudios', '学歴'],
    idType: ['证件类型', 'Identity document type', 'Tipo de documento de identidad', '身分証明書の種類'],
  },
  // issue 28, item 9: the menu category, the default portal and its page, the demo serial rules
  menuType: {
    console: ['控制台菜单', 'Console menu', 'Menú de la consola', 'コンソールメニュー'],
  },
  portalNode: {
    defaultPortal: ['默认门户', 'Default portal', 'Portal predeterminado', '既定のポータル'],
    workbench: ['工作台', 'Workbench', 'Área de trabajo', 'ワークベンチ'],
  },
  serial: {
    PURCHASE_ORDER: ['采购订单号', 'Purchase order number', 'Número de pedido de compra', '発注番号'],
    PRODUCTION_BATCH: ['生产批号', 'Production batch number', 'Número de lote de producción', '製造ロット番号'],
    CONTRACT: ['合同编号', 'Contract number', 'Número de contrato', '契約番号'],
  },
};

const ORDER: Lang[] = ['zh', 'en', 'es', 'ja'];

/** for names shown without their row's code (a rule's type names, a staff member's position, a path): any seeded name → its four */
let byName: Map<string, Map<string, Names>> | null = null;
function namesByText(kind: SeedKind): Map<string, Names> {
  byName ??= new Map();
  let m = byName.get(kind);
  if (!m) {
    m = new Map();
    for (const names of Object.values(CATALOGUE[kind])) for (const n of names) if (!m.has(n)) m.set(n, names);
    byName.set(kind, m);
  }
  return m;
}

/**
 * How a seeded row's name reads in `lang`: the seeded name in that language while the stored name is
 * still one of the seeded ones; otherwise (renamed by an operator) as stored. With the row's code the
 * name is judged for that row only; without it (`code` undefined), by the text alone.
 */
export function seedName<T extends string | null | undefined>(kind: SeedKind, stored: T, lang: Lang, code?: string | null): T {
  if (!stored) return stored;
  const names = code !== undefined ? (code ? CATALOGUE[kind][code] : undefined) : namesByText(kind).get(stored);
  return (names && names.includes(stored) ? names[ORDER.indexOf(lang)] : stored) as T;
}

/** a comma-joined list of names (e.g. an account's roles), each read as seedName without its code does */
export function seedNameList(kind: SeedKind, stored: string | null, lang: Lang): string | null {
  return stored ? stored.split(', ').map((n) => seedName(kind, n, lang)).join(', ') : stored;
}

/** which of a row's fields hold seeded names: field → [kind, the field holding the row's code (none: judged by the text)] */
export type SeedFields<T> = { [K in keyof T]?: readonly [SeedKind, (keyof T)?] };

/** a row (or a list answer's row) with its seeded names read in `lang`; a field holding a list of names maps each */
export function seedNames<T extends object>(row: T, lang: Lang, fields: SeedFields<T>): T {
  const out = { ...row } as Record<string, unknown>;
  for (const [field, spec] of Object.entries(fields) as [string, readonly [SeedKind, PropertyKey?]][]) {
    const value = out[field];
    const [kind, codeField] = spec;
    if (Array.isArray(value)) out[field] = value.map((v) => (typeof v === 'string' ? seedName(kind, v, lang) : v));
    else if (typeof value === 'string') out[field] = seedName(kind, value, lang, codeField === undefined ? undefined : (out[codeField as string] as string | null));
  }
  return out as T;
}

/**
 * The seeded rows whose name, in any of the four languages, contains `keyword` (case-insensitive): an
 * operator searches by the name they read ("Auditor"), while the row stores the seeded Chinese one.
 */
export function seededNamesContaining(kind: SeedKind, keyword: string): [code: string, names: Names][] {
  const k = keyword.toLocaleLowerCase();
  return Object.entries(CATALOGUE[kind]).filter(([, names]) => names.some((n) => n.toLocaleLowerCase().includes(k)));
}
