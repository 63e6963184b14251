import { defineMessages } from './define.ts';

/** Spreadsheet import and export (shared by every area). */
export const importMessages = defineMessages({
  'f.file': { 'zh-CN': '文件', 'zh-TW': '檔案', en: 'file' },
  'import.notSpreadsheet': { 'zh-CN': '文件不是有效的Excel表格（.xlsx 或 .xls）', 'zh-TW': '檔案不是有效的Excel表格（.xlsx 或 .xls）', en: 'The file is not a valid spreadsheet (.xlsx or .xls)' },
  'import.empty': { 'zh-CN': '表格中没有数据行', 'zh-TW': '表格中沒有資料列', en: 'The spreadsheet has no data rows' },
  'import.tooMany': { 'zh-CN': '一次最多导入{{max}}行', 'zh-TW': '一次最多匯入{{max}}列', en: 'At most {{max}} rows per import' },
  'import.done': { 'zh-CN': '从 {{file}} 导入 {{count}} 条', 'zh-TW': '從 {{file}} 匯入 {{count}} 筆', en: 'Imported {{count}} rows from {{file}}' },
  'import.rejected': { 'zh-CN': '有 {{count}} 行数据不正确，未导入任何数据，请修改后重新导入', 'zh-TW': '有 {{count}} 列資料不正確，未匯入任何資料，請修改後重新匯入', en: '{{count}} rows are wrong; nothing was imported. Fix them and import again' },
  'import.duplicateInFile': { 'zh-CN': '与第{{row}}行重复', 'zh-TW': '與第{{row}}列重複', en: 'Duplicates row {{row}}' },
});
