import { Dropdown, type MenuProps } from 'antd';
import type { ReactElement } from 'react';

/** The language button's dropdown (antd's Dropdown and Menu: loaded when the button is first pointed at). */
export function LanguageMenu(p: { menu: MenuProps; open: boolean; onOpenChange: (open: boolean) => void; children: ReactElement }) {
  return (
    <Dropdown menu={p.menu} open={p.open} onOpenChange={p.onOpenChange}>
      {p.children}
    </Dropdown>
  );
}
