import { Button, Space } from 'antd';
import type { ReactNode } from 'react';
import { LanguageSelect } from '../../app/header/LanguageSelect.tsx';
import { useT } from '../../i18n/index.ts';
import { Panel } from '../../shared/Panel.tsx';

/** The frame of the public screens (sign-in, activation, forgotten password): language, title, card, footer. */
export function AuthFrame({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useT();
  return (
    <div className="gh-auth-page">
      <div className="gh-auth-top">
        <LanguageSelect dark />
      </div>
      <h2 className="gh-auth-title">{t('ui.product')}</h2>
      <Panel className="gh-auth-card" title={title}>
        {children}
      </Panel>
      <div className="gh-auth-footer">{t('ui.footer')}</div>
    </div>
  );
}

/** The buttons under a public screen's form: back on the left, submit on the right. */
export function AuthActions({ back, backText, submitText, busy, testId }: AuthActionsProps) {
  const { t } = useT();
  return (
    <Space style={{ width: '100%', justifyContent: 'space-between' }}>
      <Button onClick={back}>{t(backText)}</Button>
      <Button type="primary" htmlType="submit" loading={busy} data-testid={testId}>
        {t(submitText)}
      </Button>
    </Space>
  );
}

interface AuthActionsProps {
  back: () => void;
  backText: string;
  submitText: string;
  busy: boolean;
  testId: string;
}
