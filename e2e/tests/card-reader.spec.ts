import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { CARD_READER } from '@gatehouse/contracts';
import { expect, type Page, test } from '@playwright/test';
import { type PtyPair, ptyPair } from '../../packages/card-reader/src/test-pty.ts';
import { openSignedIn, seedAccount } from '../support/fixtures.ts';

test.describe.configure({ timeout: 90_000 });

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The helper as a user runs it (its command line), on a free port, offering the pty's reader end. */
async function startHelperProcess(extraPort: string): Promise<{ url: string; proc: ChildProcess; output: () => string }> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'packages/card-reader/src/cli.ts'], {
    cwd: root,
    env: { ...process.env, CARD_READER_PORT: '0', CARD_READER_EXTRA_PORTS: extraPort },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1] as string);
    };
    proc.stdout?.on('data', onData);
    proc.stderr?.on('data', onData);
    proc.once('exit', (code) => reject(new Error(`card reader helper exited (${code}): ${out}`)));
  });
  return { url, proc, output: () => out };
}

/** Points this browser's card reader panel at the helper (the help dialog stores the same key). */
const useHelperAt = (page: Page, url: string) =>
  page.addInitScript(([key, value]) => localStorage.setItem(key as string, value as string), [CARD_READER.urlStorageKey, url]);

const openAddDialog = async (page: Page) => {
  await page.getByTestId('card-add').click();
  const dialog = page.locator('.ant-modal:visible');
  await expect(dialog.getByTestId('card-reader')).toBeVisible();
  return dialog;
};

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise((r) => srv.close(r));
  return port;
}

let pair: PtyPair;
let helper: Awaited<ReturnType<typeof startHelperProcess>>;

test.beforeAll(async () => {
  pair = await ptyPair('e2e');
  helper = await startHelperProcess(pair.a);
});

test.afterAll(async () => {
  if (helper?.proc.exitCode === null) {
    const gone = new Promise((r) => helper?.proc.once('exit', r));
    helper.proc.kill('SIGTERM');
    await gone;
  }
  await pair?.stop();
});

test('without the helper the card dialog says how to start it; set to the running helper, it lists ports', async ({ page }) => {
  const admin = await seedAccount({ roleId: 1, name: 'Card admin' });
  await useHelperAt(page, `http://127.0.0.1:${await closedPort()}`);
  await openSignedIn(page, admin.id, '/access/gate');
  const dialog = await openAddDialog(page);
  // the helper is looked for when the user asks (Connect), not when the dialog opens
  await expect(dialog.getByTestId('card-reader-down')).toHaveCount(0);
  await dialog.getByTestId('card-reader-toggle').click();
  const down = dialog.getByTestId('card-reader-down');
  await expect(down).toContainText('Card reader helper not running on this computer');
  await expect(down).toContainText('npm run card-reader');
  await expect(page.locator('.ant-message-notice')).toHaveCount(0); // a missing helper is a state, not an error toast

  // the helper runs on a port of its own: the user sets its address in the driver and set-up dialog
  await dialog.getByTestId('card-reader-driver').click();
  const help = page.locator('.ant-modal:visible').filter({ hasText: 'Card reader driver and set-up' });
  await expect(help.getByRole('link', { name: 'Silicon Labs CP210x' })).toHaveAttribute('href', /silabs\.com/);
  await help.getByTestId('card-reader-url').fill('reader please');
  await help.getByRole('button', { name: 'OK' }).click();
  await expect(help).toContainText('Enter the helper address, e.g. http://127.0.0.1:17790');
  await help.getByTestId('card-reader-url').fill(helper.url);
  await help.getByRole('button', { name: 'OK' }).click();
  await expect(help).toHaveCount(0);
  await expect(dialog.getByTestId('card-reader-status')).toHaveText('Card reader not connected');
  await expect(down).toHaveCount(0);
  await dialog.getByTestId('card-reader-port').click();
  await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: pair.a })).toHaveCount(1);
});

test('a swiped card fills the card number of the Add card dialog', async ({ page }) => {
  const p = pair;
  const h = helper;
  const admin = await seedAccount({ roleId: 1, name: 'Card admin 2' });
  await useHelperAt(page, h.url);
  await openSignedIn(page, admin.id, '/access/gate');
  const dialog = await openAddDialog(page);

  await dialog.getByTestId('card-reader-toggle').click(); // finds the helper and its ports
  await expect(dialog.getByTestId('card-reader-port')).toContainText('/dev/');
  await dialog.getByTestId('card-reader-port').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: p.a }).first().click();
  await dialog.getByTestId('card-reader-baud').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '115200' }).first().click();
  await dialog.getByTestId('card-reader-toggle').click();
  await expect(dialog.getByTestId('card-reader-status')).toHaveText(`Connected to ${p.a} (115200): swipe a card`);
  await expect(dialog.getByTestId('card-reader-toggle')).toHaveText('Disconnect');

  p.write('12345678\r\n');
  await expect(dialog.getByTestId('card-cardid')).toHaveValue('12345678');
  await expect(dialog.getByTestId('card-reader-status')).toHaveText('Card read: 12345678');

  p.write(Buffer.from([0x02, ...Buffer.from('AB12CD34'), 0x03]));
  await expect(dialog.getByTestId('card-cardid')).toHaveValue('AB12CD34');

  await dialog.getByTestId('card-reader-toggle').click();
  await expect(dialog.getByTestId('card-reader-toggle')).toHaveText('Connect');
  await expect(dialog.getByTestId('card-reader-status')).toHaveText('Card reader not connected');
  expect(h.output()).toContain('card AB12CD34');
  expect(h.output()).toContain(`closed ${p.a}`);

  // connected again, the reader is pulled out: one warning, and the panel shows the port closed
  await dialog.getByTestId('card-reader-toggle').click();
  await expect(dialog.getByTestId('card-reader-toggle')).toHaveText('Disconnect');
  await p.stop();
  await expect(page.locator('.ant-message').getByText('The serial port is not open')).toBeVisible();
  await expect(dialog.getByTestId('card-reader-toggle')).toHaveText('Connect');
  await expect(dialog.getByTestId('card-cardid')).toHaveValue('AB12CD34');
});

test('the helper-not-running notice in traditional Chinese', async ({ page }) => {
  const admin = await seedAccount({ roleId: 1, name: 'Card admin 3' });
  await useHelperAt(page, `http://127.0.0.1:${await closedPort()}`);
  await openSignedIn(page, admin.id, '/access/gate', 'china2');
  const dialog = await openAddDialog(page);
  await dialog.getByTestId('card-reader-toggle').click();
  await expect(dialog.getByTestId('card-reader-down')).toContainText('本機未執行讀卡機服務');
  await expect(dialog.getByTestId('card-reader-down')).toContainText('請在連接讀卡機的電腦上啟動它');
  await expect(dialog.getByTestId('card-reader-driver')).toHaveText('驅動程式下載');
});
