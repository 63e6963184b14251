import { defineMessages } from './define.ts';

/** Field names used inside validation messages ('@f.x' parameters). */
export const fieldMessages = defineMessages({
  'f.account': { 'zh-CN': '账号', 'zh-TW': '帳號', en: 'account' },
  'f.phone': { 'zh-CN': '手机号', 'zh-TW': '手機號碼', en: 'phone number' },
  'f.password': { 'zh-CN': '密码', 'zh-TW': '密碼', en: 'password' },
  'f.oldPassword': { 'zh-CN': '旧密码', 'zh-TW': '舊密碼', en: 'old password' },
  'f.newPassword': { 'zh-CN': '新密码', 'zh-TW': '新密碼', en: 'new password' },
  'f.confirmPassword': { 'zh-CN': '确认密码', 'zh-TW': '確認密碼', en: 'password confirmation' },
  'f.captcha': { 'zh-CN': '验证码', 'zh-TW': '驗證碼', en: 'captcha' },
  'f.smsCode': { 'zh-CN': '短信验证码', 'zh-TW': '簡訊驗證碼', en: 'SMS code' },
  'f.role': { 'zh-CN': '角色', 'zh-TW': '角色', en: 'role' },
  'f.name': { 'zh-CN': '姓名', 'zh-TW': '姓名', en: 'name' },
  'f.language': { 'zh-CN': '语言', 'zh-TW': '語言', en: 'language' },
  'f.community': { 'zh-CN': '社区', 'zh-TW': '社區', en: 'community' },
  'f.type': { 'zh-CN': '类型', 'zh-TW': '類型', en: 'type' },
  'f.address': { 'zh-CN': '地址', 'zh-TW': '地址', en: 'address' },
  'f.id': { 'zh-CN': '编号', 'zh-TW': '編號', en: 'id' },
  'f.ids': { 'zh-CN': '所选项', 'zh-TW': '所選項', en: 'selection' },
  'f.page': { 'zh-CN': '页码', 'zh-TW': '頁碼', en: 'page' },
  'f.rows': { 'zh-CN': '每页条数', 'zh-TW': '每頁筆數', en: 'page size' },
  'f.sort': { 'zh-CN': '排序字段', 'zh-TW': '排序欄位', en: 'sort column' },
  'f.order': { 'zh-CN': '排序方向', 'zh-TW': '排序方向', en: 'sort order' },
});
