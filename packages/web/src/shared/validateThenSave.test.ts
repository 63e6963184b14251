import { describe, expect, it } from 'vitest';
import { validateThenSave } from './validateThenSave.ts';

/** What one OK click did: the saves run and the spinner states, in order. */
async function click(validate: () => Promise<{ name: string }>, save: (v: { name: string }) => Promise<unknown>) {
  const spinner: boolean[] = [];
  const saved: string[] = [];
  const ok = await validateThenSave(
    validate,
    async (v) => {
      saved.push(v.name);
      await save(v);
    },
    (on) => spinner.push(on),
  );
  return { ok, spinner, saved };
}

describe('validateThenSave', () => {
  it('a broken rule ends quietly: no save, no spinner, no rejection', async () => {
    const broken = { errorFields: [{ name: ['name'], errors: ['required'] }], values: {}, outOfDate: false };
    await expect(
      click(
        () => Promise.reject(broken),
        async () => undefined,
      ),
    ).resolves.toEqual({ ok: false, spinner: [], saved: [] });
  });

  it('a failed save leaves the dialog to retry, the spinner off again', async () => {
    const r = await click(
      async () => ({ name: 'a' }),
      () => Promise.reject(new Error('409')),
    );
    expect(r).toEqual({ ok: false, spinner: [true, false], saved: ['a'] });
  });

  it('valid values are saved once with the spinner on meanwhile', async () => {
    const r = await click(
      async () => ({ name: 'b' }),
      async () => 'done',
    );
    expect(r).toEqual({ ok: true, spinner: [true, false], saved: ['b'] });
  });
});
