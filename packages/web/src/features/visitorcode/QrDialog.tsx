import { type QrCreated, type QrDeviceRow, qrCreateInput } from '@gatehouse/contracts';
import { Checkbox, DatePicker, Form, Image, InputNumber, Modal, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useT } from '../../i18n/index.ts';
import { useSaveDialog } from '../../shared/saveDialog.ts';
import { createQrcode, useQrGroups } from './api.ts';
import { DATE_TIME } from '../../shared/dates.ts';

interface Values {
  numOpen?: number;
  validfrom?: Dayjs;
  validto?: Dayjs;
  groupIds?: number[];
  groupsOnly?: boolean;
}

/**
 * Create a visitor QR code for one door unit (001 §5: numOpen required, valid from before valid to); shows the image.
 * Access groups may be added: their door units accept the code within the group's schedule (or only they do).
 */
export function QrDialog({ row, onClose }: { row: QrDeviceRow; onClose: () => void }) {
  const { t } = useT();
  const [form] = Form.useForm<Values>();
  const [created, setCreated] = useState<QrCreated | null>(null);
  const groups = useQrGroups(row.addressRegNo).data ?? [];
  const check = (name: 'numOpen' | 'validfrom' | 'validto' | 'groupIds') => ({
    validator: async () => {
      const v = form.getFieldsValue();
      const res = qrCreateInput.safeParse({
        addressRegNo: row.addressRegNo,
        numOpen: v.numOpen,
        validfrom: v.validfrom?.format(DATE_TIME),
        validto: v.validto?.format(DATE_TIME),
        groupIds: v.groupIds,
        groupsOnly: v.groupsOnly ? 1 : 0,
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
        validfrom: v.validfrom?.format(DATE_TIME),
        validto: v.validto?.format(DATE_TIME),
        groupIds: v.groupIds ?? [],
        groupsOnly: v.groupsOnly ? 1 : 0,
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
            <DatePicker showTime format={DATE_TIME} />
          </Form.Item>
          <Form.Item name="validto" label={t('ui.qr.validto')} rules={[check('validto')]} dependencies={['validfrom']}>
            <DatePicker showTime format={DATE_TIME} />
          </Form.Item>
          {groups.length ? (
            <>
              <Form.Item
                name="groupIds"
                label={t('ui.rules.qrGroups')}
                extra={t('ui.rules.qrGroupsHelp')}
                rules={[check('groupIds')]}
                dependencies={['groupsOnly']}
              >
                <Select
                  mode="multiple"
                  allowClear
                  optionFilterProp="label"
                  data-testid="qr-groups"
                  options={groups.map((g) => ({
                    value: g.id,
                    label: t('ui.rules.qrGroupOption', { name: g.name, schedule: g.scheduleName, count: g.unitCount }),
                  }))}
                />
              </Form.Item>
              <Form.Item name="groupsOnly" valuePropName="checked">
                <Checkbox data-testid="qr-groups-only">{t('ui.rules.qrGroupsOnly')}</Checkbox>
              </Form.Item>
            </>
          ) : null}
        </Form>
      )}
    </Modal>
  );
}
