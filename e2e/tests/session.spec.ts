import { expect, test } from '@playwright/test';
import { totpAt } from '../../packages/server/src/test/totp-code.ts';
import { control, loginViaUi, modalsClosed, openSignedIn, outboxCode, seedAccount, seedCommunity } from '../support/fixtures.ts';

test.describe('sign-in', () => {
  for (const [code, label, title, role, required, menu] of [
    ['china1', '简体中文', '账号登录', '物业主管', '请输入账号', '账号管理'],
    ['china2', '繁體中文', '帳號登入', '物業主管', '請輸入帳號', '帳號管理'],
    ['english', 'English', 'Sign in', 'Property supervisor', 'Please enter account', 'Account management'],
  ] as const) {
    test(`signs in with the screen in ${code}`, async ({ page }) => {
      const community = await seedCommunity(`Lang ${code}`);
      const a = await seedAccount({ roleId: 4, name: 'Lang tester', manages: [community] });
      await page.goto('/login');
      await page.getByTestId('language-select').click();
      await page.getByRole('menuitem', { name: label }).click();
      await expect(page.locator('.gh-panel-title')).toHaveText(title);
      await page.getByTestId('login-submit').click();
      await expect(page.getByText(required)).toBeVisible();
      await loginViaUi(page, { ...a, roleLabel: role });
      await expect(page).not.toHaveURL(/\/login/);
      await expect(page.getByTestId('user-menu')).toContainText('Lang tester');
      await expect(page.locator('.ant-menu-root')).toContainText(menu);
    });
  }

  test('an administrator confirms with the SMS code from the outbox (205)', async ({ page }) => {
    const a = await seedAccount({ roleId: 1, name: 'Admin' });
    await page.goto('/login');
    await page.getByTestId('language-select').click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await loginViaUi(page, { ...a, roleLabel: 'System administrator' });
    await expect(page.getByTestId('login-sms')).toBeVisible();
    await page.getByTestId('send-code').click();
    await expect(page.getByTestId('send-code')).toContainText(/Resend in \d+s/);
    await expect(page.getByTestId('send-code')).toBeDisabled();
    await page.getByTestId('login-sms').fill(await outboxCode(a.regNo));
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('user-menu')).toContainText('Admin');
  });

  test('an administrator sets up an authenticator in the profile dialog and signs in with its code', async ({ page }) => {
    const a = await seedAccount({ roleId: 1, name: 'Totp Admin' });
    await openSignedIn(page, a.id, '/');
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Basic info' }).click();
    await page.getByTestId('totp-start').click();
    await expect(page.getByTestId('totp-qr')).toBeVisible();
    const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await page.getByTestId('totp-code').fill(totpAt(secret, Date.now()));
    await page.getByTestId('totp-confirm').click();
    await expect(page.getByTestId('totp-recovery')).toBeVisible();
    expect((await page.getByTestId('totp-recovery').textContent())?.trim().split('\n')).toHaveLength(10);
    await expect(page.getByTestId('totp-on')).toContainText('Recovery codes left: 10');
    await expect(page.getByTestId('totp-secret')).toHaveCount(0);
    await page.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    await modalsClosed(page);

    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login/);
    await page.getByTestId('language-select').click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await loginViaUi(page, { ...a, roleLabel: 'System administrator' });
    await expect(page.getByText('SMS code or authenticator code')).toBeVisible();
    // the next time step: the enrolment code's step is spent (no replay), the server allows one step of drift
    await page.getByTestId('login-sms').fill(totpAt(secret, Date.now() + 30_000));
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('user-menu')).toContainText('Totp Admin');
  });

  test('an inactive account is activated with an SMS code and signed in (203)', async ({ page }) => {
    const a = await seedAccount({ roleId: 5, state: 0, name: 'Newcomer' });
    await page.goto('/login');
    await page.getByTestId('language-select').click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await loginViaUi(page, { ...a, roleLabel: 'Property staff' });
    await expect(page.getByText('Activate the account', { exact: true })).toBeVisible();
    await expect(page.getByTestId('active-phone')).toHaveValue(a.regNo);
    await page.getByTestId('send-code').click();
    await page.getByTestId('active-code').fill(await outboxCode(a.regNo));
    await page.getByTestId('active-submit').click();
    await expect(page.getByTestId('user-menu')).toContainText('Newcomer');
  });
});

test('forgot password: verify the phone, set a new password, sign in with it', async ({ page }) => {
  const a = await seedAccount({ roleId: 5, name: 'Forgetful' });
  await page.goto('/login');
  await page.getByTestId('language-select').click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgetPwd/);
  await page.getByTestId('forget-phone').fill(a.regNo);
  await page.getByTestId('send-code').click();
  await page.getByTestId('forget-code').fill(await outboxCode(a.regNo));
  await page.getByTestId('forget-next').click();
  await page.getByTestId('forget-pwd').fill('Fresh123');
  await page.getByTestId('forget-confirm').fill('Fresh124');
  await page.getByTestId('forget-submit').click();
  await expect(page.getByText('The two passwords are inconsistent')).toBeVisible();
  await page.getByTestId('forget-confirm').fill('Fresh123');
  await page.getByTestId('forget-submit').click();
  await expect(page).toHaveURL(/\/login/);
  await loginViaUi(page, { regNo: a.regNo, password: 'Fresh123', roleLabel: 'Property staff' });
  await expect(page.getByTestId('user-menu')).toContainText('Forgetful');
});

test('switches the current community and resets it to all', async ({ page }) => {
  const c1 = await seedCommunity('Harbour View Gardens and Residences Phase II');
  const c2 = await seedCommunity('Maple Court');
  const a = await seedAccount({ roleId: 4, manages: [c1, c2] });
  await openSignedIn(page, a.id, '/');
  await expect(page.getByTestId('current-community')).toHaveText('All');
  await page.getByRole('button', { name: 'Switch community' }).click();
  const dialog = page.locator('.ant-modal');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('Choose community')).toBeVisible();
  await dialog.getByPlaceholder('Community name').fill('Harbour');
  await dialog.getByRole('button', { name: 'Search' }).click();
  await expect(dialog.locator('tbody tr.ant-table-row')).toHaveCount(1);
  await dialog.getByText('Harbour View Gardens').click();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await modalsClosed(page);
  await expect(page.getByTestId('current-community')).toHaveText('Harbour View Gardens…');
  await page.reload();
  await expect(page.getByTestId('current-community')).toHaveText('Harbour View Gardens…');
  await page.getByRole('button', { name: 'Switch community' }).click();
  await page.locator('.ant-modal').getByRole('button', { name: 'Reset' }).click();
  await expect(page.getByTestId('current-community')).toHaveText('All');
});

test('changing the password sends the user to /login and ends the session', async ({ page }) => {
  const a = await seedAccount({ roleId: 5, password: 'Old12345', name: 'Changer' });
  await openSignedIn(page, a.id, '/');
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Change password' }).click();
  const dialog = page.locator('.ant-modal');
  await dialog.getByLabel('Old password').fill('Old12345');
  await dialog.getByLabel('New password', { exact: true }).fill('Old12345');
  await dialog.getByLabel('Confirm new password').fill('Old12345');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog.getByText('The new password cannot be the same as the old password')).toBeVisible();
  await dialog.getByLabel('New password', { exact: true }).fill('New12345');
  await dialog.getByLabel('Confirm new password').fill('New12345');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/login/);
  await loginViaUi(page, { regNo: a.regNo, password: 'New12345', roleLabel: 'Property staff' });
  await expect(page.getByTestId('user-menu')).toContainText('Changer');
});

test('a protected URL without a session goes to /login', async ({ page }) => {
  await page.goto('/account');
  await expect(page).toHaveURL(/\/login\?next=%2Faccount$/);
});

test("a link opened before sign-in is kept through it, the browser's tabs share the session, the tab names the screen", async ({
  page,
  context,
}) => {
  const community = await seedCommunity('Deep Link Court');
  const a = await seedAccount({ roleId: 4, name: 'Linker', manages: [community] });
  await page.goto('/account');
  await page.getByTestId('language-select').click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await loginViaUi(page, { ...a, roleLabel: 'Property supervisor' });
  await expect(page).toHaveURL(/\/account$/);
  await expect(page).toHaveTitle('Account management - Gatehouse access control');
  // A second tab is signed in already (no new sign-in, no new SMS code).
  const second = await context.newPage();
  await second.goto('/account');
  await expect(second.getByTestId('user-menu')).toContainText('Linker');
  await expect(second).toHaveTitle('Account management - Gatehouse access control');
  // Signing out in one tab signs the other out at once.
  await second.getByTestId('user-menu').click();
  await second.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(second).toHaveURL(/\/login/);
  await expect(page).toHaveURL(/\/login/);
  // A link from elsewhere is never followed after sign-in.
  await page.goto('/login?next=//evil.example/x');
  await loginViaUi(page, { ...a, roleLabel: 'Property supervisor' });
  await expect(page).not.toHaveURL(/\/login/);
  expect(new URL(page.url()).host).toBe(new URL(second.url()).host);
});

test('an API answer 403 shows the message and goes to /403', async ({ page }) => {
  const c1 = await seedCommunity('Revoked Court');
  const a = await seedAccount({ roleId: 5, manages: [c1] });
  await openSignedIn(page, a.id, '/');
  await page.getByRole('button', { name: 'Switch community' }).click();
  const dialog = page.locator('.ant-modal');
  await dialog.getByText('Revoked Court').click();
  // the grant is withdrawn while the dialog is open
  await control('/revokeCommunity', { accountId: a.id, communityId: c1 });
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/403$/);
  await expect(page.getByText('You have no access to this community')).toBeVisible();
  await expect(page.getByText('No permission', { exact: true })).toBeVisible();
});

test('a screen whose code cannot load says so, keeps the menu, and the next screen works', async ({ page }) => {
  const c1 = await seedCommunity('Broken Chunk Court');
  const a = await seedAccount({ roleId: 4, manages: [c1] });
  // the permission screen's code fails to download (as when the server was upgraded under an open tab)
  await page.route(/\/assets\/PermissionPage-[^/]+\.js$/, (r) => r.abort());
  await openSignedIn(page, a.id, '/permission');
  await expect(page.getByText('This screen could not be shown')).toBeVisible();
  await expect(page.getByTestId('screen-reload')).toBeVisible();
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await page.locator('.ant-menu-root').getByText('Account management', { exact: true }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByText('This screen could not be shown')).toHaveCount(0);
  await expect(page.locator('.ant-table-wrapper')).toBeVisible();
});
