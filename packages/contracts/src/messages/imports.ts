import { defineMessages } from './define.ts';

/** Spreadsheet import and export (shared by every area). */
export const importMessages = defineMessages({
  'f.file': { 'zh-CN': '文件', 'zh-TW': '檔案', en: 'file' },
  'f.importId': { 'zh-CN': '导入编号', 'zh-TW': '匯入編號', en: 'import id' },
  'import.notSpreadsheet': {
    'zh-CN': '文件不是有效的Excel表格（.xlsx）',
    'zh-TW': '檔案不是有效的Excel表格（.xlsx）',
    en: 'The file is not a valid spreadsheet (.xlsx)',
  },
  'import.xlsRefused': {
    'zh-CN': '不接受Excel 97-2003格式（.xls）的文件，请另存为Excel工作簿（.xlsx）后重新导入',
    'zh-TW': '不接受Excel 97-2003格式（.xls）的檔案，請另存為Excel活頁簿（.xlsx）後重新匯入',
    en: 'Excel 97-2003 files (.xls) are not accepted: save the file as an Excel workbook (.xlsx) and import it again',
  },
  'import.unzippedTooLarge': {
    'zh-CN': '表格解压后超过{{max}}MB',
    'zh-TW': '表格解壓後超過{{max}}MB',
    en: 'The spreadsheet unpacks to more than {{max}} MB',
  },
  'import.partTooLarge': {
    'zh-CN': '表格中的{{part}}解压后超过{{max}}MB',
    'zh-TW': '表格中的{{part}}解壓後超過{{max}}MB',
    en: 'The part {{part}} of the spreadsheet unpacks to more than {{max}} MB',
  },
  'import.tooManyParts': {
    'zh-CN': '表格文件最多包含{{max}}个部件',
    'zh-TW': '表格檔案最多包含{{max}}個部件',
    en: 'A spreadsheet file may hold at most {{max}} parts',
  },
  'import.tooManyStrings': {
    'zh-CN': '表格中最多包含{{max}}个不同的文本',
    'zh-TW': '表格中最多包含{{max}}個不同的文字',
    en: 'A spreadsheet may hold at most {{max}} distinct texts',
  },
  'import.rowNumberTooLarge': {
    'zh-CN': '行号{{row}}超过表格最大行号{{max}}',
    'zh-TW': '列號{{row}}超過表格最大列號{{max}}',
    en: 'Row number {{row}} is beyond the last row a sheet may have ({{max}})',
  },
  'import.cellTooLong': {
    'zh-CN': '单元格内容最多{{max}}个字符',
    'zh-TW': '儲存格內容最多{{max}}個字元',
    en: 'A cell may hold at most {{max}} characters',
  },
  'import.empty': { 'zh-CN': '表格中没有数据行', 'zh-TW': '表格中沒有資料列', en: 'The spreadsheet has no data rows' },
  'import.tooMany': { 'zh-CN': '一次最多导入{{max}}行', 'zh-TW': '一次最多匯入{{max}}列', en: 'At most {{max}} rows per import' },
  'import.done': {
    'zh-CN': '从 {{file}} 导入 {{count}} 条',
    'zh-TW': '從 {{file}} 匯入 {{count}} 筆',
    en: 'Imported {{count}} rows from {{file}}',
  },
  'import.rejected': {
    'zh-CN': '有 {{count}} 行数据不正确，未导入任何数据，请修改后重新导入',
    'zh-TW': '有 {{count}} 列資料不正確，未匯入任何資料，請修改後重新匯入',
    en: '{{count}} rows are wrong; nothing was imported. Fix them and import again',
  },
  'import.duplicateInFile': { 'zh-CN': '与第{{row}}行重复', 'zh-TW': '與第{{row}}列重複', en: 'Duplicates row {{row}}' },
});
