import { Grid } from 'antd';

/**
 * A phone: narrower than antd's `md` breakpoint (768 px). The shell then shows its menu in a drawer
 * and its header's actions as icons; lists show their rows as cards and fold their filters away.
 * From 768 px (a tablet) every screen is laid out as on a desktop.
 */
export function usePhone(): boolean {
  return Grid.useBreakpoint().md === false;
}
