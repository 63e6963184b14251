import { msg } from '@gatehouse/contracts';
import { describe, expect, it } from 'vitest';
import { translate } from './translate.ts';

const TEXTS = {
  'ui.hello': 'Hello {{name}}',
  'ui.count': '{{count}} rows of {{ total }}',
  'v.required': '{{field}} is required',
  'f.phone': 'Phone',
  'ui.plain': 'Plain',
};

describe('translate (what i18next did for us: key lookup, {{name}} filling)', () => {
  it('looks a key up; an unknown key shows as itself', () => {
    expect(translate(TEXTS, 'ui.plain')).toBe('Plain');
    expect(translate(TEXTS, 'ui.unknown')).toBe('ui.unknown');
    expect(translate(undefined, 'ui.plain')).toBe('ui.plain');
  });
  it('fills placeholders, numbers included (0 too); a missing value fills nothing', () => {
    expect(translate(TEXTS, 'ui.hello', { name: 'Li' })).toBe('Hello Li');
    expect(translate(TEXTS, 'ui.count', { count: 0, total: 12 })).toBe('0 rows of 12');
    expect(translate(TEXTS, 'ui.hello')).toBe('Hello ');
  });
  it('renders a message reference, its @ parameters translated first', () => {
    expect(translate(TEXTS, msg('v.required', { field: '@f.phone' }))).toBe('Phone is required');
    expect(translate(TEXTS, 'ui.hello', { name: '@f.phone' })).toBe('Hello Phone');
  });
});
