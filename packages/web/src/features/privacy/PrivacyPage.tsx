import { type ErasureRow, privacyRoutes, type ReceiptState } from '@gatehouse/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Form, Input, Modal, Select, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { inputLimits } from '../../api/inputLimits.ts';
import { useCommunities } from '../../api/lookups.ts';
import { useT } from '../../i18n/index.ts';
import { AddButton } from '../../shared/buttons.tsx';
import { ConfirmButton } from '../../shared/ConfirmButton.tsx';
import { actionsColumn } from '../../shared/columns.tsx';
import { ListPage } from '../../shared/ListPage.tsx';
import { useSaveDialog } from '../../shared/saveDialog.ts';
import { useListReload } from '../../shared/useListReload.ts';
import { CONSENT_TEMPLATE_KEY, ERASURES_KEY, resendErasure, saveConsentTemplate, useConsentTemplate } from './api.ts';

const RECEIPT_COLOURS: Record<ReceiptState, string> = { acked: 'success', pending: 'processing', failed: 'error', cancelled: 'default' };

/**
 * Privacy (issue 35; docs/privacy.md): erased faces with each door unit's receipt (acknowledged
 * or still waiting), a re-send to the units that did not acknowledge, and the community's consent
 * purpose text in three languages.
 */
export default function PrivacyPage() {
  const { t } = useT();
  const { act } = useListReload(ERASURES_KEY);
  const [editing, setEditing] = useState(false);
  const columns: ColumnsType<ErasureRow> = [
    { title: t('ui.privacy.erasedAt'), dataIndex: 'erasedAt', render: (v: string) => new Date(v).toLocaleString() },
    { title: t('ui.face.account'), dataIndex: 'account' },
    { title: t('ui.face.username'), dataIndex: 'personName' },
    { title: t('ui.face.community'), dataIndex: 'communityname' },
    { title: t('ui.privacy.reason'), dataIndex: 'reason', render: (v: string) => t(`ui.privacy.reason.${v}`) },
    { title: t('ui.privacy.staff'), dataIndex: 'staff' },
    {
      title: t('ui.privacy.receipts'),
      key: 'units',
      render: (_v, r) =>
        r.units.length ? (
          <Space wrap size={4} data-testid={`erasure-units-${r.id}`}>
            {r.units.map((u) => (
              <Tag key={u.addressId} color={RECEIPT_COLOURS[u.state]} title={u.ackedAt ?? u.sentAt ?? ''}>
                {u.unit}: {t(`ui.privacy.receipt.${u.state}`)}
              </Tag>
            ))}
          </Space>
        ) : (
          t('ui.privacy.noUnits')
        ),
    },
    actionsColumn(t('ui.actions'), (r) => (
      <ConfirmButton
        title={t('ui.privacy.resendConfirm')}
        disabled={r.complete}
        onConfirm={() => act(resendErasure(r.id))}
        testId={`erasure-resend-${r.id}`}
      >
        {t('ui.privacy.resend')}
      </ConfirmButton>
    )),
  ];
  return (
    <>
      <ListPage<ErasureRow>
        breadcrumb={[t('menu.access'), t('menu.access.privacy')]}
        queryKey={ERASURES_KEY}
        columns={columns}
        route={privacyRoutes.getErasures}
        filters={{ account: 'ui.face.account' }}
        toolbar={() => (
          <AddButton onClick={() => setEditing(true)} testId="privacy-template">
            {t('ui.privacy.editPurpose')}
          </AddButton>
        )}
      />
      {editing ? <PurposeDialog onClose={() => setEditing(false)} /> : null}
    </>
  );
}

interface PurposeValues {
  communityId?: number;
  zhCN?: string;
  zhTW?: string;
  en?: string;
}

/** The purpose text of one community in the three languages (the built-in default until saved). */
function PurposeDialog({ onClose }: { onClose: () => void }) {
  const templateMax = inputLimits(privacyRoutes.saveConsentTemplate);
  const { t } = useT();
  const [form] = Form.useForm<PurposeValues>();
  const communities = useCommunities(true).map((c) => ({ value: c.communityid, label: c.name }));
  const communityId = Form.useWatch('communityId', form);
  const template = useConsentTemplate(communityId);
  const qc = useQueryClient();
  useEffect(() => {
    if (template.data) form.setFieldsValue({ zhCN: template.data.zhCN, zhTW: template.data.zhTW, en: template.data.en });
  }, [template.data, form]);
  const dialog = useSaveDialog({ form, okTestId: 'privacy-template-save' }, async (v) => {
    await saveConsentTemplate({ communityId: v.communityId, zhCN: v.zhCN, zhTW: v.zhTW, en: v.en });
    await qc.invalidateQueries({ queryKey: CONSENT_TEMPLATE_KEY });
    onClose();
  });
  const required = [{ required: true, whitespace: true, message: t('privacy.purposeMissing') }, { max: 2000 }];
  return (
    <Modal {...dialog.modalProps} title={t('ui.privacy.editPurpose')} width={720} onCancel={onClose}>
      <Form form={form} layout="vertical" data-testid="privacy-template-form">
        <Form.Item name="communityId" label={t('ui.face.community')} rules={[{ required: true, message: t('v.chooseCommunity') }]}>
          <Select options={communities} showSearch optionFilterProp="label" data-testid="privacy-template-community" />
        </Form.Item>
        <Form.Item name="zhCN" label={t('ui.privacy.purpose.zhCN')} rules={required}>
          <Input.TextArea rows={3} maxLength={templateMax.zhCN} data-testid="privacy-template-zhCN" />
        </Form.Item>
        <Form.Item name="zhTW" label={t('ui.privacy.purpose.zhTW')} rules={required}>
          <Input.TextArea rows={3} maxLength={templateMax.zhTW} data-testid="privacy-template-zhTW" />
        </Form.Item>
        <Form.Item name="en" label={t('ui.privacy.purpose.en')} rules={required}>
          <Input.TextArea rows={3} maxLength={templateMax.en} data-testid="privacy-template-en" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
