import { defineMessages } from './define.ts';

/** Role names (000 §6). */
export const roleMessages = defineMessages({
  'role.0': { 'zh-CN': '超级管理员', 'zh-TW': '超級管理員', en: 'Super administrator' },
  'role.1': { 'zh-CN': '系统管理员', 'zh-TW': '系統管理員', en: 'System administrator' },
  'role.2': { 'zh-CN': '工程主管', 'zh-TW': '工程主管', en: 'Engineering supervisor' },
  'role.3': { 'zh-CN': '工程人员', 'zh-TW': '工程人員', en: 'Engineering staff' },
  'role.4': { 'zh-CN': '物业主管', 'zh-TW': '物業主管', en: 'Property supervisor' },
  'role.5': { 'zh-CN': '物业人员', 'zh-TW': '物業人員', en: 'Property staff' },
  'role.7': { 'zh-CN': '住户', 'zh-TW': '住戶', en: 'Householder' },
  'role.8': { 'zh-CN': '门口机', 'zh-TW': '門口機', en: 'Door unit' },
  'role.9': { 'zh-CN': '其他', 'zh-TW': '其他', en: 'Other' },
  'role.10': { 'zh-CN': '云用户（企业）', 'zh-TW': '雲用戶（企業）', en: 'Cloud user (enterprise)' },
  'role.11': { 'zh-CN': '云用户（员工）', 'zh-TW': '雲用戶（員工）', en: 'Cloud user (employee)' },
});
