import { z } from 'zod';
import { LANG_CODES } from '../envelope.ts';
import { LIMITS } from '../limits.ts';
import { msg } from '../messages/define.ts';
import { DIGITS } from '../patterns.ts';
import { newPasswordField, optStr, phoneField, reqInt, reqStr, withT } from './common.ts';

export const loginInput = z.object({
  /** No account is longer than its column: a longer one is refused as any unknown account is. */
  username: reqStr('f.account').refine((v) => v.length <= LIMITS.regNo, msg('login.badCredentials')),
  password: reqStr('f.password'),
  vcode: reqStr('f.captcha'),
  roleId: reqInt('f.role', true, 'smallint'),
  dx: optStr('f.smsCode'),
});

export const rolesByRegNoInput = z.object({ ...withT, regNo: reqStr('f.account') });

export const setLanguageInput = z.object({
  ...withT,
  type: z.enum(Object.keys(LANG_CODES) as [keyof typeof LANG_CODES], { error: msg('v.choose', { field: '@f.language' }) }),
});

export const updateCommunityInput = z.object({ ...withT, communityId: reqInt('f.community', true).pipe(z.number().min(0)) });

/** The forgot-password and activation phone rule: digits only, mainland pattern at minimum. */
const smsPhone = phoneField('f.phone').refine((v) => DIGITS.test(v), msg('v.phoneDigits'));
const smsCode = reqStr('f.smsCode').refine(
  (v) => v.length === LIMITS.smsCodeLength,
  msg('v.exactLen', { field: '@f.smsCode', len: LIMITS.smsCodeLength }),
);

export const sendVcodeInput = z.object({ ...withT, phoneNumber: smsPhone });
export const validateVcodeInput = z.object({ ...withT, phoneNumber: smsPhone, vcode: smsCode });
export const activeUserInput = z.object({ phoneNumber: smsPhone, vcode: smsCode });
export const verifyUserInput = z.object({ ...withT, phoneNumber: smsPhone });

export const resetPwdInput = z
  .object({
    phoneNumber: smsPhone,
    vcode: smsCode,
    pwd: newPasswordField('f.newPassword'),
    confirmPwd: reqStr('f.confirmPassword'),
  })
  .refine((v) => v.pwd === v.confirmPwd, { message: msg('v.passwordMismatch'), path: ['confirmPwd'] });

export const updatePwdInput = z
  .object({
    oldPwd: reqStr('f.oldPassword'),
    pwd: newPasswordField('f.newPassword'),
    confirmPwd: reqStr('f.confirmPassword', LIMITS.changePassword),
  })
  .refine((v) => v.pwd === v.confirmPwd, { message: msg('v.newPasswordMismatch'), path: ['confirmPwd'] })
  .refine((v) => v.pwd !== v.oldPwd, { message: msg('v.passwordSameAsOld'), path: ['pwd'] });

export const updateBaseInfoInput = z.object({
  userid: reqInt('f.id'),
  regNo: phoneField('f.phone'),
  name: reqStr('f.name', LIMITS.userName),
});
