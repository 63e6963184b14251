import { type AmtRow, createAmtInput, VILLA_CALL_CODE } from '@gatehouse/contracts';
import { Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useT } from '../../i18n/index.ts';
import { fieldMax, fieldRule } from '../../shared/rules.ts';
import { saveAmt, useCalledAddresses } from './api.ts';
import { useSaveDialog } from '../../shared/saveDialog.ts';

export interface AmtDialogProps {
  communityId: number;
  callerId: number;
  isVilla: boolean;
  /** The entry to edit; absent for Add. */
  row?: AmtRow;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * Add and edit a call code (000 §5 "Call code"): code required, at most 20, not "00";
 * the called address is searched with searchCalledAddrs. A single-family door unit's
 * code is 000 and read-only.
 */
export function AmtDialog({ communityId, callerId, isVilla, row, onClose, onSaved }: AmtDialogProps) {
  const { t } = useT();
  const [form] = Form.useForm<{ code: string; calledAddressID: number }>();
  const [text, setText] = useState('');
  const found = useCalledAddresses(communityId, text);
  const options = found.map((o) => ({ value: o.intValue, label: o.label }));
  if (row && !options.some((o) => o.value === row.calledAddressID)) options.unshift({ value: row.calledAddressID, label: row.address });
  const dialog = useSaveDialog(form, async (v) => {
    await saveAmt(v, row ? { amtid: row.amtid } : { callerAddressID: callerId });
    onSaved();
    onClose();
  });
  const initial = row ? { code: row.code, calledAddressID: row.calledAddressID } : { code: isVilla ? VILLA_CALL_CODE : '' };
  return (
    <Modal {...dialog.modalProps} title={t(row ? 'ui.amt.edit' : 'ui.amt.add')} onCancel={onClose}>
      <Form form={form} layout="vertical" initialValues={initial} data-testid="amt-form">
        <Form.Item
          label={t('ui.amt.code')}
          name="code"
          rules={[fieldRule(createAmtInput, 'code')]}
          extra={isVilla ? t('ui.amt.villaFixed') : undefined}
        >
          <Input maxLength={fieldMax(createAmtInput, 'code')} readOnly={isVilla} data-testid="amt-code" />
        </Form.Item>
        <Form.Item label={t('ui.amt.called')} name="calledAddressID" rules={[fieldRule(createAmtInput, 'calledAddressID')]}>
          <Select
            showSearch
            filterOption={false}
            onSearch={setText}
            options={options}
            placeholder={t('ui.amt.searchCalled')}
            data-testid="amt-called"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
