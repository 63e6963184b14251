import { defineMessages } from '@gatehouse/contracts';

/** Administrator authenticator: the profile dialog's section and the sign-in step. */
export const totpUi = defineMessages({
  'ui.totp.title': { 'zh-CN': '身份验证器（第二因素）', 'zh-TW': '身分驗證器（第二因素）', en: 'Authenticator app (second factor)' },
  'ui.totp.off': {
    'zh-CN': '登录时通过短信验证码确认。也可以绑定身份验证器应用，用动态验证码代替短信。',
    'zh-TW': '登入時以簡訊驗證碼確認。也可以綁定身分驗證器應用程式，以動態驗證碼代替簡訊。',
    en: 'Sign-in is confirmed with an SMS code. You can also set up an authenticator app and answer with its code instead.',
  },
  'ui.totp.on': {
    'zh-CN': '已启用：登录时可输入短信验证码、动态验证码或恢复码。剩余恢复码：{{left}}',
    'zh-TW': '已啟用：登入時可輸入簡訊驗證碼、動態驗證碼或復原碼。剩餘復原碼：{{left}}',
    en: 'Enabled: sign-in accepts the SMS code, an authenticator code or a recovery code. Recovery codes left: {{left}}',
  },
  'ui.totp.start': { 'zh-CN': '绑定身份验证器', 'zh-TW': '綁定身分驗證器', en: 'Set up an authenticator' },
  'ui.totp.scan': {
    'zh-CN': '用身份验证器应用扫描二维码（或输入密钥），再输入它显示的 6 位验证码。',
    'zh-TW': '以身分驗證器應用程式掃描 QR 碼（或輸入金鑰），再輸入它顯示的 6 位驗證碼。',
    en: 'Scan the QR code with an authenticator app (or type the key), then enter the 6-digit code it shows.',
  },
  'ui.totp.secret': { 'zh-CN': '密钥', 'zh-TW': '金鑰', en: 'Key' },
  'ui.totp.code': { 'zh-CN': '动态验证码', 'zh-TW': '動態驗證碼', en: 'Authenticator code' },
  'ui.totp.confirm': { 'zh-CN': '确认并启用', 'zh-TW': '確認並啟用', en: 'Confirm and enable' },
  'ui.totp.recovery': {
    'zh-CN': '请妥善保存以下恢复码：每个只能使用一次，且不会再次显示。',
    'zh-TW': '請妥善保存以下復原碼：每個只能使用一次，且不會再次顯示。',
    en: 'Keep these recovery codes somewhere safe: each works once, and they will not be shown again.',
  },
  'ui.totp.disablePassword': { 'zh-CN': '停用需要输入密码', 'zh-TW': '停用需要輸入密碼', en: 'Password to disable' },
  'ui.totp.disable': { 'zh-CN': '停用身份验证器', 'zh-TW': '停用身分驗證器', en: 'Disable the authenticator' },
  'ui.login.secondFactor': { 'zh-CN': '短信验证码或动态验证码', 'zh-TW': '簡訊驗證碼或動態驗證碼', en: 'SMS code or authenticator code' },
  'ui.login.totpHint': {
    'zh-CN': '输入短信验证码、身份验证器的动态验证码或一个恢复码',
    'zh-TW': '輸入簡訊驗證碼、身分驗證器的動態驗證碼或一個復原碼',
    en: 'Enter the SMS code, the code of your authenticator app, or a recovery code',
  },
});
