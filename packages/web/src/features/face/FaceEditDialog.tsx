import { createFaceInput, type FaceRow, updateFaceInput } from '@gatehouse/contracts';
import { Form, Modal, Select, Spin } from 'antd';
import { useEffect } from 'react';
import { useT } from '../../i18n/index.ts';
import { fieldRule } from '../../shared/rules.ts';
import { statusOptions, updateFace, useFace } from './api.ts';
import { FaceCamera } from './FaceCamera.tsx';
import { HouseholdFields } from '../holder/HouseholdFields.tsx';
import { useSaveDialog } from '../../shared/saveDialog.ts';

interface Values {
  imgBase64?: string;
  addressId?: number;
  account?: string;
  username?: string;
  status?: string;
}

/**
 * Edit a face (001 §2 "Edit-face dialog"): recapture or re-upload the photo (sent with
 * imgChg 1 only when it changed), household, account, name, status. The community is
 * the face's own.
 */
export function FaceEditDialog({ face, onClose }: { face: FaceRow; onClose: (saved: boolean) => void }) {
  const { t } = useT();
  const [form] = Form.useForm<Values>();
  const detail = useFace(face.id);
  const d = detail.data;
  useEffect(() => {
    if (d)
      form.setFieldsValue({ imgBase64: d.imgBase64, addressId: d.addressId, account: d.account, username: d.username, status: d.status });
  }, [d, form]);
  const dialog = useSaveDialog({ form, okTestId: 'face-edit-save', okDisabled: !d }, async (v) => {
    if (!d) return;
    const changed = v.imgBase64 !== undefined && v.imgBase64 !== d.imgBase64;
    await updateFace({
      id: face.id,
      addressId: v.addressId,
      account: v.account?.trim(),
      username: v.username?.trim() ?? '',
      status: v.status,
      imgChg: changed ? 1 : 0,
      imgBase64: changed ? v.imgBase64 : undefined,
    });
    onClose(true);
  });
  return (
    <Modal {...dialog.modalProps} title={t('ui.face.editTitle')} width={720} onCancel={() => onClose(false)}>
      <Spin spinning={detail.isLoading}>
        <Form form={form} layout="vertical" data-testid="face-edit-form">
          <Form.Item label={t('ui.face.community')}>{face.communityname}</Form.Item>
          <Form.Item name="imgBase64" label={t('ui.face.photo')}>
            <FaceCamera />
          </Form.Item>
          <HouseholdFields
            area="face"
            schema={createFaceInput}
            withName
            fixed={{ communityId: face.communityId, householdLabel: d?.address ?? face.address }}
          />
          <Form.Item name="status" label={t('ui.face.status')} rules={[fieldRule(updateFaceInput, 'status')]}>
            <Select options={statusOptions()} data-testid="face-status" />
          </Form.Item>
        </Form>
      </Spin>
    </Modal>
  );
}
