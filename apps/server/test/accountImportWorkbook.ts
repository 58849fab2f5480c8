import ExcelJS from 'exceljs';

/** the account import template's columns, in order */
export const IMPORT_HEAD = ['userId', 'userName', 'password', 'status', 'mobile', 'email', 'staffCode', 'roleCodes', 'manageRange', 'maxSessions'];

/** an .xlsx the account import accepts: the template's header row, then `rows` */
export async function importWorkbook(rows: (string | number)[][]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('accounts');
  ws.addRow(IMPORT_HEAD);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
