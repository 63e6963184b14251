import { Card, Typography } from 'antd';
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
