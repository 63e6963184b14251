import { defineMessages } from './define.ts';

/** Administrator second factors: authenticator (TOTP) enrolment and sign-in. */
export const totpMessages = defineMessages({
  'f.totpCode': { 'zh-CN': '动态验证码', 'zh-TW': '動態驗證碼', en: 'authenticator code' },
  'totp.adminOnly': {
    'zh-CN': '只有管理员可以绑定身份验证器',
    'zh-TW': '只有管理員可以綁定身分驗證器',
    en: 'Only administrators can set up an authenticator',
  },
  'totp.already': { 'zh-CN': '身份验证器已启用', 'zh-TW': '身分驗證器已啟用', en: 'The authenticator is already enabled' },
  'totp.noPending': { 'zh-CN': '请先生成新的密钥', 'zh-TW': '請先產生新的金鑰', en: 'Start the set-up first' },
  'totp.notEnabled': { 'zh-CN': '身份验证器未启用', 'zh-TW': '身分驗證器未啟用', en: 'The authenticator is not enabled' },
  'totp.badCode': { 'zh-CN': '动态验证码错误', 'zh-TW': '動態驗證碼錯誤', en: 'Wrong authenticator code' },
  'totp.badProof': { 'zh-CN': '验证码或密码错误', 'zh-TW': '驗證碼或密碼錯誤', en: 'Wrong code or password' },
  'totp.disableProof': {
    'zh-CN': '请输入当前动态验证码或密码',
    'zh-TW': '請輸入目前動態驗證碼或密碼',
    en: 'Enter a current authenticator code or your password',
  },
  'totp.enabled': { 'zh-CN': '身份验证器已启用', 'zh-TW': '身分驗證器已啟用', en: 'Authenticator enabled' },
  'totp.disabled': { 'zh-CN': '身份验证器已停用', 'zh-TW': '身分驗證器已停用', en: 'Authenticator disabled' },
  'login.badSecondFactor': {
    'zh-CN': '验证码错误或已过期（短信验证码、动态验证码或恢复码）',
    'zh-TW': '驗證碼錯誤或已過期（簡訊驗證碼、動態驗證碼或復原碼）',
    en: 'Wrong or expired code (SMS code, authenticator code or recovery code)',
  },
  'op.totp.enable': {
    'zh-CN': '启用身份验证器：{{regNo}}',
    'zh-TW': '啟用身分驗證器：{{regNo}}',
    en: 'Enabled the authenticator: {{regNo}}',
  },
  'op.totp.disable': {
    'zh-CN': '停用身份验证器：{{regNo}}',
    'zh-TW': '停用身分驗證器：{{regNo}}',
    en: 'Disabled the authenticator: {{regNo}}',
  },
});
