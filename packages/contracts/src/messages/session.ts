import { defineMessages } from './define.ts';

/** Sign-in, activation, password reset and shell messages (000 §2, §4, §5). */
export const sessionMessages = defineMessages({
  'login.badCredentials': { 'zh-CN': '账号或密码错误', 'zh-TW': '帳號或密碼錯誤', en: 'Wrong account or password' },
  'login.badRole': { 'zh-CN': '该账号没有所选角色', 'zh-TW': '該帳號沒有所選角色', en: 'This account does not have the chosen role' },
  'login.disabled': { 'zh-CN': '账号已被禁用', 'zh-TW': '帳號已被停用', en: 'The account is disabled' },
  'login.badCaptcha': { 'zh-CN': '图形验证码错误', 'zh-TW': '圖形驗證碼錯誤', en: 'Wrong captcha' },
  'login.captchaExpired': {
    'zh-CN': '图形验证码已过期，请刷新',
    'zh-TW': '圖形驗證碼已過期，請重新整理',
    en: 'The captcha has expired, please refresh it',
  },
  'login.badSmsCode': { 'zh-CN': '短信验证码错误或已过期', 'zh-TW': '簡訊驗證碼錯誤或已過期', en: 'Wrong or expired SMS code' },
  'login.noMenus': { 'zh-CN': '该账号没有可访问的菜单', 'zh-TW': '該帳號沒有可存取的選單', en: 'This account has no menus' },
  'login.loggedOut': { 'zh-CN': '已退出登录', 'zh-TW': '已登出', en: 'Signed out' },
  'sms.sent': { 'zh-CN': '验证码已发送', 'zh-TW': '驗證碼已發送', en: 'The code has been sent' },
  'sms.unknownPhone': { 'zh-CN': '该手机号未注册', 'zh-TW': '該手機號碼未註冊', en: 'This phone number is not registered' },
  'sms.phoneTooMany': {
    'zh-CN': '该手机号获取验证码过于频繁，请{{seconds}}秒后再试',
    'zh-TW': '該手機號碼取得驗證碼過於頻繁，請{{seconds}}秒後再試',
    en: 'Too many codes for this phone number, please try again in {{seconds}} seconds',
  },
  'sms.dailyCap': {
    'zh-CN': '今日短信发送量已达上限，请明天再试',
    'zh-TW': '今日簡訊發送量已達上限，請明天再試',
    en: 'The daily SMS limit has been reached, please try again tomorrow',
  },
  'sms.text': {
    'zh-CN': '您的验证码是{{code}}，5分钟内有效。',
    'zh-TW': '您的驗證碼是{{code}}，5分鐘內有效。',
    en: 'Your code is {{code}}, valid for 5 minutes.',
  },
  'active.done': { 'zh-CN': '账号已激活', 'zh-TW': '帳號已啟用', en: 'The account is activated' },
  'active.already': { 'zh-CN': '账号已经激活', 'zh-TW': '帳號已經啟用', en: 'The account is already activated' },
  'reset.done': { 'zh-CN': '密码已重置，请重新登录', 'zh-TW': '密碼已重設，請重新登入', en: 'The password has been reset, please sign in' },
  'reset.codeOk': { 'zh-CN': '验证通过', 'zh-TW': '驗證通過', en: 'Verified' },
  'pwd.changed': { 'zh-CN': '修改密码成功，请重新登录', 'zh-TW': '修改密碼成功，請重新登入', en: 'Password changed, please sign in again' },
  'pwd.wrongOld': { 'zh-CN': '旧密码错误', 'zh-TW': '舊密碼錯誤', en: 'The old password is wrong' },
  'pwd.adminRefused': {
    'zh-CN': '管理员不允许修改密码',
    'zh-TW': '管理員不允許修改密碼',
    en: 'The administrator is not allowed to change the password',
  },
  'base.adminRefused': {
    'zh-CN': '管理员不允许修改基本信息',
    'zh-TW': '管理員不允許修改基本資料',
    en: 'The administrator is not allowed to edit the basic info',
  },
  'base.updated': {
    'zh-CN': '基本信息已修改，请重新登录',
    'zh-TW': '基本資料已修改，請重新登入',
    en: 'Basic info updated, please sign in again',
  },
  'base.phoneTaken': {
    'zh-CN': '该手机号已被其他账号使用',
    'zh-TW': '該手機號碼已被其他帳號使用',
    en: 'This phone number is used by another account',
  },
  'community.all': { 'zh-CN': '全部', 'zh-TW': '全部', en: 'All' },
  'community.switched': { 'zh-CN': '已切换社区', 'zh-TW': '已切換社區', en: 'Community switched' },
  'op.updatePwd': { 'zh-CN': '修改密码：{{regNo}}', 'zh-TW': '修改密碼：{{regNo}}', en: 'Changed password: {{regNo}}' },
  'op.updateBaseInfo': {
    'zh-CN': '修改基本信息：{{regNo}} {{name}}',
    'zh-TW': '修改基本資料：{{regNo}} {{name}}',
    en: 'Edited basic info: {{regNo}} {{name}}',
  },
  'lang.set': { 'zh-CN': '语言已切换', 'zh-TW': '語言已切換', en: 'Language changed' },
});
