import { ROUTES } from '@gatehouse/contracts';
import { expect, type Page, test } from '@playwright/test';
import yauzl from 'yauzl';
import { apiPost, control, openSignedIn, seedAccount, seedCommunity, uniquePhone } from '../support/fixtures.ts';

// A loaded machine (several engineers' runs at once) is slow to draw and answer.
test.describe.configure({ timeout: 240_000 });

/** Picks an option of the open select. */
const pick = (page: Page, text: string) =>
  page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first().click();

/** The names and texts of a zip's CSV entries (the photos are left out). */
async function zipTexts(file: string): Promise<Map<string, string>> {
  const zip = await new Promise<yauzl.ZipFile>((ok, ko) => yauzl.open(file, { lazyEntries: true }, (e, z) => (e ? ko(e) : ok(z))));
  const out = new Map<string, string>();
  await new Promise<void>((ok, ko) => {
    zip.on('entry', (entry: yauzl.Entry) =>
      zip.openReadStream(entry, (e, s) => {
        if (e) return ko(e);
        const parts: Buffer[] = [];
        s.on('data', (d: Buffer) => parts.push(d));
        s.on('end', () => {
          out.set(entry.fileName, Buffer.concat(parts).toString('utf8'));
          zip.readEntry();
        });
      }),
    );
    zip.on('end', ok);
    zip.on('error', ko);
    zip.readEntry();
  });
  return out;
}

test('the access review opens what is held about a person and downloads it as one zip, recorded in the op log', async ({ page }) => {
  const stamp = Date.now() % 1_000_000;
  const communityId = await seedCommunity(`Privacy Court ${stamp}`);
  const home = await control<{ id: number }>('/address', { communityId, address: `Block ${stamp} Room 101`, type: 1 });
  const phone = uniquePhone();
  await seedAccount({ roleId: 7, name: 'Sun Li', communityId, addressId: home.id, regNo: phone });
  const admin = await seedAccount({ roleId: 1, name: 'Admin' });
  const { token } = await control<{ token: string }>('/token', { accountId: admin.id, lang: 'en' });
  const cardNo = `PD${stamp}`;
  await apiPost(token, ROUTES.card.createCard.path, {
    cardid: cardNo,
    communityId,
    addressId: home.id,
    account: phone,
    cardtype: 'accesscard',
    cardmode: 'ic',
    cardstatus: 'enable',
  });

  await openSignedIn(page, admin.id, `/access/review?account=${phone}`);
  await expect(page.getByTestId('review-subject')).toContainText(phone);
  await page.getByTestId('person-data').click();
  await expect(page.getByTestId('person-subject')).toContainText(phone);
  const sections = page.getByTestId('person-sections');
  await expect(sections.getByRole('row').filter({ hasText: 'Cards' })).toContainText('1');
  await expect(sections.getByRole('row').filter({ hasText: 'Account' }).first()).toContainText('1');
  const downloaded = page.waitForEvent('download', { timeout: 60_000 });
  await page.getByRole('dialog').getByRole('button', { name: 'Export' }).click();
  const dl = await downloaded;
  expect(dl.suggestedFilename()).toBe(`personal-data-${phone}.zip`);
  const texts = await zipTexts((await dl.path()) as string);
  expect(texts.get('cards.csv')).toContain(cardNo);
  expect(texts.get('account.csv')).toContain('Sun Li');
  expect([...texts.keys()]).toEqual(expect.arrayContaining(['households.csv', 'faces.csv', 'access-events.csv', 'operation-log.csv']));

  // The op log shows who exported whose data.
  await page.goto('/operationlog');
  await expect(page.getByText(`Personal data exported: ${phone}`).first()).toBeVisible();
});

test('retention: a community keeps its own settings, checked as the server checks them, and the dry run shows what the next run takes', async ({
  page,
}) => {
  const stamp = Date.now() % 1_000_000;
  const name = `Retention Court ${stamp}`;
  await seedCommunity(name);
  const admin = await seedAccount({ roleId: 1, name: 'Admin' });
  await openSignedIn(page, admin.id, '/access/review');
  await page.getByRole('tab', { name: 'Retention' }).click();
  await page.getByTestId('retention-community').click();
  await page.keyboard.type(name);
  await pick(page, name);
  // The defaults.
  await expect(page.getByTestId('retention-faceDays')).toHaveValue('30');
  await expect(page.getByTestId('retention-visitorDays')).toHaveValue('90');
  await expect(page.getByTestId('retention-preview')).toBeVisible();
  await expect(page.getByTestId('due-faces')).toHaveText('0');

  await page.getByTestId('retention-faceDays').fill('45');
  await page.getByTestId('retention-eventMonths').fill('6');
  await page.getByTestId('retention-eventMode').click();
  await pick(page, 'drop');
  await page.getByTestId('retention-save').click();
  await expect(page.getByText('Saved').first()).toBeVisible();
  // The dry run now names the cutoff of access events.
  await expect(page.getByTestId('retention-preview')).toContainText('Access events (drop)');
  await expect(page.getByTestId('retention-preview')).toContainText('before');

  await page.reload();
  await page.getByRole('tab', { name: 'Retention' }).click();
  await page.getByTestId('retention-community').click();
  await page.keyboard.type(name);
  await pick(page, name);
  await expect(page.getByTestId('retention-faceDays')).toHaveValue('45');
  await expect(page.getByTestId('retention-eventMonths')).toHaveValue('6');
  await expect(page.getByTestId('retention-last-run')).toHaveText('Last run: never');
});
