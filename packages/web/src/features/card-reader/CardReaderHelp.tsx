import { cardReaderDefaultUrl } from '@gatehouse/contracts';
import { Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useT } from '../../i18n/index.ts';
import { helperUrl, saveHelperUrl } from './helper.ts';

/** USB-to-serial chips the common desktop readers use, with their makers' driver pages. */
const DRIVERS = [
  { chip: 'WCH CH340 / CH341', url: 'https://www.wch-ic.com/downloads/CH341SER_EXE.html' },
  { chip: 'Silicon Labs CP210x', url: 'https://www.silabs.com/developers/usb-to-uart-bridge-vcp-drivers' },
  { chip: 'FTDI FT232', url: 'https://ftdichip.com/drivers/vcp-drivers/' },
];

/** Driver download and set-up of the card-reader helper (the text of docs/card-reader.md, short). */
export function CardReaderHelp({ onClose }: { onClose: (changed: boolean) => void }) {
  const { t } = useT();
  const [url, setUrl] = useState(helperUrl());
  const [bad, setBad] = useState(false);
  const save = () => {
    const value = url.trim() || cardReaderDefaultUrl();
    if (!/^https?:\/\/[^/\s]+\/?$/.test(value)) {
      setBad(true);
      return;
    }
    const changed = value.replace(/\/+$/, '') !== helperUrl();
    saveHelperUrl(value);
    onClose(changed);
  };
  return (
    <Modal open title={t('ui.cardReader.helpTitle')} onOk={save} onCancel={() => onClose(false)}>
      <Typography.Paragraph>{t('ui.cardReader.helpDriver')}</Typography.Paragraph>
      <ul data-testid="card-reader-drivers">
        {DRIVERS.map((d) => (
          <li key={d.chip}>
            <Typography.Link href={d.url} target="_blank" rel="noreferrer">
              {d.chip}
            </Typography.Link>
          </li>
        ))}
      </ul>
      <Typography.Paragraph>
        {t('ui.cardReader.helpStart')} <Typography.Text code>npm run card-reader</Typography.Text>
      </Typography.Paragraph>
      <Typography.Paragraph>{t('ui.cardReader.helpPorts')}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">{t('ui.cardReader.helpDocs')}</Typography.Paragraph>
      <div>{t('ui.cardReader.helperUrl')}</div>
      <Input
        data-testid="card-reader-url"
        value={url}
        status={bad ? 'error' : undefined}
        onChange={(e) => {
          setUrl(e.target.value);
          setBad(false);
        }}
        placeholder={cardReaderDefaultUrl()}
      />
      {bad && <Typography.Text type="danger">{t('ui.cardReader.badUrl', { example: cardReaderDefaultUrl() })}</Typography.Text>}
    </Modal>
  );
}
