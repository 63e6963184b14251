import { type QrCreated, type QrDeviceRow, qrCreateInput } from '@gatehouse/contracts';
import { DatePicker, Form, Image, InputNumber, Modal, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useT } from '../../i18n/index.ts';
import { useSaveDialog } from '../../shared/saveDialog.ts';
import { createQrcode } from './api.ts';

const FMT = 'YYYY/MM/DD HH:mm:ss';

interface Values {
  numOpen?: number;
  validfrom?: Dayjs;
  validto?: Dayjs;
}

/** Create a visitor QR code for one door unit (001 §5: numOpen required, valid from before valid to); shows the image. */
export function QrDialog({ row, onClose }: { row: QrDeviceRow; onClose: () => void }) {
  const { t } = useT();
  const [form] = Form.useForm<Values>();
  const [created, setCreated] = useState<QrCreated | null>(null);
  const check = (name: 'numOpen' | 'validfrom' | 'validto') => ({
    validator: async () => {
      const v = form.getFieldsValue();
      const res = qrCreateInput.safeParse({
        addressRegNo: row.addressRegNo,
        numOpen: v.numOpen,
        validfrom: v.validfrom?.format(FMT),
        validto: v.validto?.format(FMT),
      });
      const issue = res.success ? undefined : res.error.issues.find((i) => i.path[0] === name);
      if (issue) throw new Error(t(issue.message));
    },
  });
  const dialog = useSaveDialog(form, async (v) => {
    setCreated(
      await createQrcode({
        addressRegNo: row.addressRegNo,
        communityName: row.communityName,
        numOpen: v.numOpen,
        validfrom: v.validfrom?.format(FMT),
        validto: v.validto?.format(FMT),
      }),
    );
  });
  return (
    <Modal
      {...dialog.modalProps}
      title={t('ui.qr.title', { name: row.addressName })}
      onOk={created ? onClose : dialog.onOk}
      onCancel={onClose}
    >
      {created ? (
        <div style={{ textAlign: 'center' }}>
          <Image src={`data:image/png;base64,${created.base64Str}`} width={240} preview={false} data-testid="qr-image" />
          <Typography.Paragraph type="secondary">{t('ui.qr.image')}</Typography.Paragraph>
          <Typography.Paragraph
            copyable={{ text: created.payload }}
            data-testid="qr-payload"
            style={{ fontSize: 11, fontFamily: 'monospace', wordBreak: 'break-all' }}
          >
            {created.payload}
          </Typography.Paragraph>
        </div>
      ) : (
        <Form
          form={form}
          layout="vertical"
          initialValues={{ numOpen: 1, validfrom: dayjs().startOf('minute'), validto: dayjs().add(1, 'day').startOf('minute') }}
        >
          <Form.Item name="numOpen" label={t('ui.qr.numOpen')} rules={[check('numOpen')]}>
            <InputNumber min={1} max={999} precision={0} style={{ width: 160 }} data-testid="qr-numopen" />
          </Form.Item>
          <Form.Item name="validfrom" label={t('ui.qr.validfrom')} rules={[check('validfrom')]} dependencies={['validto']}>
            <DatePicker showTime format={FMT} />
          </Form.Item>
          <Form.Item name="validto" label={t('ui.qr.validto')} rules={[check('validto')]} dependencies={['validfrom']}>
            <DatePicker showTime format={FMT} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
