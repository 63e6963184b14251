import { DownOutlined } from '@ant-design/icons';
import { Button, Popover, Space } from 'antd';
import { Children, Fragment, isValidElement, type ReactNode, useState } from 'react';
import { useT } from '../i18n/index.ts';
import { usePhone } from './usePhone.ts';

/** How many row actions show at most; beyond, the first ones show and the rest go under "More". */
export const MAX_ROW_ACTIONS = 3;

/**
 * The buttons of one list row (the Actions column): at most three side by side; a row with
 * more shows the first two and a "More" button whose panel holds the rest (the buttons
 * themselves, so confirmations and dialogs behave as in the row). The panel floats above the
 * table (not clipped by its scroll area) and carries the test id `<testId>-more`; on a phone its
 * buttons stand in a column.
 */
/** The row's actions one by one (fragments opened, empty slots dropped). */
const flatten = (children: ReactNode): ReactNode[] =>
  Children.toArray(children).flatMap((c) =>
    isValidElement<{ children?: ReactNode }>(c) && c.type === Fragment ? flatten(c.props.children) : [c],
  );

export function RowActions({ children, testId }: { children: ReactNode; testId?: string }) {
  const { t } = useT();
  const phone = usePhone();
  const [open, setOpen] = useState(false);
  const items = flatten(children);
  if (items.length <= MAX_ROW_ACTIONS) {
    return (
      <Space size={4} data-testid={testId}>
        {items}
      </Space>
    );
  }
  const shown = items.slice(0, MAX_ROW_ACTIONS - 1);
  const rest = items.slice(MAX_ROW_ACTIONS - 1);
  return (
    <Space size={4} data-testid={testId}>
      {shown}
      <Popover
        trigger="click"
        open={open}
        onOpenChange={setOpen}
        placement="bottomRight"
        content={
          // A click on an action closes the panel (a dialog opens, a page changes), except on a
          // button that asks first (ConfirmButton): its question closes it once answered.
          <div
            onClick={(e) => {
              if (!(e.target as HTMLElement).closest('[data-confirm]')) setOpen(false);
            }}
          >
            {/* on a phone the panel's buttons stand one under the other: a row of them is wider than the screen */}
            <Space size={4} direction={phone ? 'vertical' : 'horizontal'} data-testid={testId ? `${testId}-more` : undefined}>
              {rest}
            </Space>
          </div>
        }
      >
        <Button size="small" aria-expanded={open} aria-haspopup="true">
          {t('ui.moreActions')} <DownOutlined />
        </Button>
      </Popover>
    </Space>
  );
}
