import { CARD_READER_BAUD_RATES } from '@gatehouse/contracts';
import { Alert, Button, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { CardReaderHelp } from './CardReaderHelp.tsx';
import { useCardReader } from './useCardReader.ts';
import { RowButton } from '../../shared/buttons.tsx';

/**
 * The serial-port reader section of the card Add and Edit dialogs (001 §2, §4): port, baud rate,
 * one connect/disconnect button, driver download and set-up help, and the reader's status.
 * While the port is open each card number the reader sends is handed to onCardNo.
 */
export function CardReaderPanel({ onCardNo }: { onCardNo: (cardNo: string) => void }) {
  const r = useCardReader(onCardNo);
  const { t } = r;
  const [help, setHelp] = useState(false);
  // a button, not an <a> without href: Tab reaches it and Enter or Space opens the help
  const helpLink = (
    <Button type="link" size="small" data-testid="card-reader-driver" onClick={() => setHelp(true)}>
      {t('ui.cardReader.driver')}
    </Button>
  );
  const statusText = r.isOpen
    ? r.lastCard
      ? t('ui.cardReader.lastCard', { cardNo: r.lastCard })
      : t('ui.cardReader.waiting', { port: r.state?.PortName ?? '', baud: r.state?.BaudRate ?? '' })
    : r.status === 'checking'
      ? t('ui.cardReader.checking')
      : r.state && r.state.ports.length === 0
        ? t('ui.cardReader.noPorts')
        : t('ui.cardReader.closed');

  return (
    <div data-testid="card-reader" style={{ marginBottom: 16 }}>
      {r.status === 'down' ? (
        <Alert
          type="warning"
          showIcon
          data-testid="card-reader-down"
          title={t('ui.cardReader.down')}
          description={
            <Space wrap>
              <span>{t('ui.cardReader.startWith')}</span>
              <Typography.Text code>npm run card-reader</Typography.Text>
              <RowButton label="ui.cardReader.retry" onClick={() => void r.refresh()} testId="card-reader-retry" />
              {helpLink}
            </Space>
          }
        />
      ) : (
        <Space wrap align="center">
          <span>{t('ui.cardReader.port')}</span>
          <Select
            data-testid="card-reader-port"
            style={{ minWidth: 180 }}
            value={r.port}
            onChange={r.setPort}
            disabled={r.isOpen || r.status === 'checking'}
            placeholder={t('ui.cardReader.pickPort')}
            options={(r.state?.ports ?? []).map((p) => ({ value: p, label: p }))}
            notFoundContent={t('ui.cardReader.noPorts')}
            onOpenChange={(open) => open && !r.isOpen && void r.refresh()}
          />
          <span>{t('ui.cardReader.baud')}</span>
          <Select
            data-testid="card-reader-baud"
            style={{ width: 110 }}
            value={r.baud}
            onChange={r.setBaud}
            disabled={r.isOpen || r.status !== 'up'}
            options={CARD_READER_BAUD_RATES.map((b) => ({ value: b, label: String(b) }))}
          />
          <Button
            data-testid="card-reader-toggle"
            type={r.isOpen ? 'default' : 'primary'}
            loading={r.busy}
            disabled={r.status === 'checking' || (r.status === 'up' && !r.isOpen && !r.port)}
            onClick={() => void r.toggle()}
          >
            {r.isOpen ? t('ui.cardReader.disconnect') : t('ui.cardReader.connect')}
          </Button>
          {helpLink}
          <Typography.Text type={r.isOpen ? 'success' : 'secondary'} data-testid="card-reader-status">
            {statusText}
          </Typography.Text>
        </Space>
      )}
      {help && (
        <CardReaderHelp
          onClose={(changed) => {
            setHelp(false);
            if (changed) void r.refresh();
          }}
        />
      )}
    </div>
  );
}
