import { Button, Card, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { LanguageSelect } from '../../app/header/LanguageSelect.tsx';
import { useT } from '../../i18n/index.ts';

/** The frame of the public screens (sign-in, activation, forgotten password): language, title, card, footer. */
export function AuthFrame({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useT();
  return (
    <div className="gh-auth-page">
      <div className="gh-auth-top">
        <LanguageSelect dark />
      </div>
      <Typography.Title level={2} style={{ color: '#fff', marginBottom: 24 }}>
        {t('ui.product')}
      </Typography.Title>
      <Card className="gh-auth-card" title={title}>
        {children}
      </Card>
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
