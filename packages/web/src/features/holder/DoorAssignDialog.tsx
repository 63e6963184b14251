import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Col, DatePicker, Form, Input, Modal, Popconfirm, Row, Select, Space, Spin, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { type ReactNode, useEffect, useState } from 'react';
import { tr, useT } from '../../i18n/index.ts';
import { type DoorEntry, type DownloadInfo, deleteAllHidden, mergeEntries, removeAll, removeEntry } from './doorEntries.ts';
import { PlainList } from '../../shared/PlainList.tsx';
import { configured, useSaveAction, validValues } from '../../shared/saveDialog.ts';
import { useApp } from '../../shared/useApp.ts';
import { DATE_TIME } from '../../shared/dates.ts';
import { UNIT_KIND_ENUM } from '../../shared/statuses.ts';
import { EnumTag } from '../../shared/valueEnum.tsx';
import type { UnitKind } from '@gatehouse/contracts';
import { LIMITS } from '@gatehouse/contracts';

export type { DoorEntry, DoorOption, DownloadInfo } from './doorEntries.ts';
export { mergeEntries } from './doorEntries.ts';

dayjs.extend(customParseFormat);

export const parseDateTime = (s: string | undefined): Dayjs | undefined => {
  if (!s) return undefined;
  const d = dayjs(s, DATE_TIME, true);
  return d.isValid() ? d : dayjs(s).isValid() ? dayjs(s) : undefined;
};

/**
 * The download dialog of cards and faces (001 §2 "Download dialog").
 * - `title`: dialog title (already translated), e.g. "Download card 123".
 * - `queryKey`: react-query key of the download info (e.g. ['cardDownload', id]).
 * - `load()`: answers the download info.
 * - `save(entries)`: saves the whole configured list; answers `{ msgs }` (e.g. `callFull(...)`),
 *   whose first message is shown as the success toast; throws (after its error toast) on failure.
 * - `deleteAllConfirm`: optional text of the delete-all confirmation.
 * - `onClose()`: called on cancel and after a successful save; `onSaved()` after a successful save.
 */
export interface DoorAssignDialogProps {
  title: string;
  queryKey: readonly unknown[];
  load: () => Promise<DownloadInfo>;
  save: (entries: DoorEntry[]) => Promise<{ msgs?: string[] }>;
  onClose: () => void;
  onSaved?: () => void;
  /** Text of the "delete all" confirmation (default: delete all configured door units). */
  deleteAllConfirm?: string;
  /** More of the credential's configuration, under the door units (the card's access groups). */
  extra?: ReactNode;
  /** Opened right after the card or face was added: says so above the door units. */
  justAdded?: boolean;
}

interface AddValues {
  gates?: number[];
  validfrom?: Dayjs;
  validto?: Dayjs;
  info?: string;
}

export function DoorAssignDialog(p: DoorAssignDialogProps) {
  const { t } = useT();
  const { message } = useApp();
  const [form] = Form.useForm<AddValues>();
  const info = useQuery({ queryKey: p.queryKey, queryFn: p.load, staleTime: 0, gcTime: 0 });
  const [entries, setEntries] = useState<DoorEntry[] | null>(null);
  const data = info.data;
  useEffect(() => {
    if (!data) return;
    setEntries(data.configured);
    form.setFieldsValue({ validfrom: parseDateTime(data.now), validto: parseDateTime(data.after) });
  }, [data, form]);

  const labelOf = (gate: number) => data?.allGms.find((g) => g.intValue === gate)?.label ?? String(gate);
  const kindOf = (gate: number) => data?.allGms.find((g) => g.intValue === gate)?.unitKind ?? null;
  const add = async () => {
    const v = await validValues(form);
    if (!v) return;
    const from = v.validfrom as Dayjs;
    const to = v.validto as Dayjs;
    const added: DoorEntry[] = (v.gates ?? []).map((gateID) => ({
      gateID,
      address: labelOf(gateID),
      validfrom: from.format(DATE_TIME),
      validto: to.format(DATE_TIME),
      info: v.info?.trim() ?? '',
      isVilla: 0,
    }));
    setEntries((prev) => mergeEntries(prev ?? [], added));
    form.setFieldValue('gates', []);
  };
  const removeOne = (e: DoorEntry) => {
    const next = removeEntry(entries ?? [], e.gateID);
    if (next) setEntries(next);
    else message.error(tr('addr.villaNoDelete'));
  };
  const dialog = useSaveAction({ okTestId: 'door-confirm', okDisabled: !entries }, async () => {
    if (!entries) return;
    await p.save(entries).then((a) => configured(message, a, p));
  });

  const hideDeleteAll = deleteAllHidden(entries, data);
  const dateOrder = ({ getFieldValue }: { getFieldValue: (n: string) => unknown }) => ({
    validator: async () => {
      const from = getFieldValue('validfrom') as Dayjs | undefined;
      const to = getFieldValue('validto') as Dayjs | undefined;
      if (from && to && !from.isBefore(to)) throw new Error(tr('v.dateOrder'));
    },
  });
  const columns: ColumnsType<DoorEntry> = [
    {
      title: t('ui.door.address'),
      dataIndex: 'address',
      render: (v: string, r) => (
        <Space>
          {v}
          <UnitKindTag kind={kindOf(r.gateID)} testId={`door-kind-${r.gateID}`} />
          {r.isVilla ? <Tag>{t('ui.door.villa')}</Tag> : null}
        </Space>
      ),
    },
    { title: t('ui.door.validfrom'), dataIndex: 'validfrom', width: 170 },
    { title: t('ui.door.validto'), dataIndex: 'validto', width: 170 },
    { title: t('ui.door.info'), dataIndex: 'info', ellipsis: true },
    {
      title: t('ui.actions'),
      key: 'actions',
      width: 80,
      render: (_v, r) => (
        <Button size="small" danger onClick={() => removeOne(r)} data-testid={`door-remove-${r.gateID}`}>
          {t('ui.delete')}
        </Button>
      ),
    },
  ];
  /** A validity date (required, in order with the other one). */
  const dateField = (name: 'validfrom' | 'validto', other: 'validfrom' | 'validto', missingKey: string) => (
    <Form.Item
      name={name}
      label={t(`ui.door.${name}`)}
      rules={[{ required: true, message: tr(missingKey) }, dateOrder]}
      dependencies={[other]}
    >
      <DatePicker showTime format={DATE_TIME} style={{ width: '100%' }} data-testid={`door-${name}`} />
    </Form.Item>
  );
  return (
    <Modal {...dialog.modalProps} title={p.title} width={1100} onCancel={p.onClose}>
      {p.justAdded ? (
        <Alert type="success" showIcon style={{ marginBottom: 16 }} message={t('ui.door.justAdded')} data-testid="door-just-added" />
      ) : null}
      <Spin spinning={info.isLoading}>
        <Row gutter={16} data-testid="door-assign">
          <Col span={9}>
            <Form form={form} layout="vertical">
              <Form.Item
                name="gates"
                label={t('ui.door.gates')}
                rules={[{ required: true, type: 'array', min: 1, message: tr('ui.door.chooseGates') }]}
              >
                <Select
                  mode="multiple"
                  allowClear
                  optionFilterProp="label"
                  data-testid="door-gates"
                  options={(data?.allGms ?? []).map((g) => ({ value: g.intValue, label: g.label, unitKind: g.unitKind ?? null }))}
                  optionRender={(o) => (
                    <Space>
                      {o.label}
                      <UnitKindTag kind={o.data.unitKind} />
                    </Space>
                  )}
                />
              </Form.Item>
              {dateField('validfrom', 'validto', 'ui.door.chooseValidfrom')}
              {dateField('validto', 'validfrom', 'ui.door.chooseValidto')}
              <Form.Item name="info" label={t('ui.door.info')}>
                <Input.TextArea rows={2} maxLength={LIMITS.entryInfo} data-testid="door-info" />
              </Form.Item>
              <Button type="primary" onClick={() => void add()} data-testid="door-add">
                {t('ui.door.add')}
              </Button>
            </Form>
          </Col>
          <Col span={15}>
            <Space direction="vertical" style={{ width: '100%' }}>
              {data && !hideDeleteAll ? (
                <Popconfirm
                  title={p.deleteAllConfirm ?? t('ui.door.confirmDeleteAll')}
                  okText={t('ui.ok')}
                  cancelText={t('ui.cancel')}
                  onConfirm={() => setEntries((prev) => removeAll(prev ?? []))}
                >
                  <Button danger data-testid="door-delete-all">
                    {t('ui.door.deleteAll')}
                  </Button>
                </Popconfirm>
              ) : null}
              <PlainList<DoorEntry>
                rowKey="gateID"
                columns={columns}
                rows={entries ?? []}
                loading={false}
                scroll={{ y: 360 }}
                empty={t('ui.empty')}
                testId="door-configured"
              />
            </Space>
          </Col>
        </Row>
        {p.extra}
      </Spin>
    </Modal>
  );
}

/** A door unit's kind as its tag (issue 33: the same door name may be a Gatehouse unit, a Hikvision or a ZKTeco terminal); nothing while no device is bound. */
function UnitKindTag({ kind, testId }: { kind: UnitKind | null; testId?: string }) {
  if (!kind) return null;
  return <EnumTag of={UNIT_KIND_ENUM} value={kind} data-kind={kind} {...(testId ? { 'data-testid': testId } : {})} />;
}
