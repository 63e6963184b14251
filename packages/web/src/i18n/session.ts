import { defineMessages } from '@gatehouse/contracts';

/** Sign-in, activation and forgotten-password screens. */
export const sessionUi = defineMessages({
  'ui.login.title': { 'zh-CN': '账号登录', 'zh-TW': '帳號登入', en: 'Sign in' },
  'ui.login.account': { 'zh-CN': '账号（手机号）', 'zh-TW': '帳號（手機號碼）', en: 'Account (phone)' },
  'ui.login.password': { 'zh-CN': '密码', 'zh-TW': '密碼', en: 'Password' },
  'ui.login.captcha': { 'zh-CN': '验证码', 'zh-TW': '驗證碼', en: 'Captcha' },
  'ui.login.captchaHint': { 'zh-CN': '看不清？点击图片换一张', 'zh-TW': '看不清？點擊圖片換一張', en: 'Click the image for a new one' },
  'ui.login.role': { 'zh-CN': '角色', 'zh-TW': '角色', en: 'Role' },
  'ui.login.roleHint': { 'zh-CN': '输入账号后选择角色', 'zh-TW': '輸入帳號後選擇角色', en: 'Enter the account, then choose a role' },
  'ui.login.smsCode': { 'zh-CN': '短信验证码', 'zh-TW': '簡訊驗證碼', en: 'SMS code' },
  'ui.login.submit': { 'zh-CN': '登录', 'zh-TW': '登入', en: 'Sign in' },
  'ui.login.forgot': { 'zh-CN': '忘记密码？', 'zh-TW': '忘記密碼？', en: 'Forgot password?' },
  'ui.login.sendCode': { 'zh-CN': '发送验证码', 'zh-TW': '發送驗證碼', en: 'Send code' },
  'ui.login.resendIn': { 'zh-CN': '{{seconds}}秒后重发', 'zh-TW': '{{seconds}}秒後重發', en: 'Resend in {{seconds}}s' },
  'ui.login.adminVerify': {
    'zh-CN': '管理员登录需要短信验证',
    'zh-TW': '管理員登入需要簡訊驗證',
    en: 'Administrators confirm the sign-in with an SMS code',
  },
  'ui.active.title': { 'zh-CN': '激活账号', 'zh-TW': '啟用帳號', en: 'Activate the account' },
  'ui.active.text': {
    'zh-CN': '账号尚未激活，请用手机 {{phone}} 收到的验证码激活。',
    'zh-TW': '帳號尚未啟用，請用手機 {{phone}} 收到的驗證碼啟用。',
    en: 'This account is not activated yet. Activate it with the code sent to {{phone}}.',
  },
  'ui.active.submit': { 'zh-CN': '激活并登录', 'zh-TW': '啟用並登入', en: 'Activate and sign in' },
  'ui.forget.title': { 'zh-CN': '找回密码', 'zh-TW': '找回密碼', en: 'Reset password' },
  'ui.forget.step0': { 'zh-CN': '验证手机号', 'zh-TW': '驗證手機號碼', en: 'Verify phone' },
  'ui.forget.step1': { 'zh-CN': '设置新密码', 'zh-TW': '設定新密碼', en: 'Set new password' },
  'ui.forget.phone': { 'zh-CN': '手机号', 'zh-TW': '手機號碼', en: 'Phone number' },
  'ui.forget.confirm': { 'zh-CN': '确认密码', 'zh-TW': '確認密碼', en: 'Confirm password' },
  'ui.forget.submit': { 'zh-CN': '提交', 'zh-TW': '提交', en: 'Submit' },
  'ui.forget.prev': { 'zh-CN': '上一步', 'zh-TW': '上一步', en: 'Previous' },
  'ui.forget.toLogin': { 'zh-CN': '返回登录', 'zh-TW': '返回登入', en: 'Back to sign-in' },
  'ui.footer': { 'zh-CN': '智慧社区 · 安全出入', 'zh-TW': '智慧社區 · 安全出入', en: 'Smart communities, safe entry' },
});
