import { createFaceInput, type FaceRow } from '@gatehouse/contracts';
import { Form, Modal } from 'antd';
import { tr, useT } from '../../i18n/index.ts';
import { FaceCamera } from './FaceCamera.tsx';
import { HouseholdFields } from '../holder/HouseholdFields.tsx';
import { useSaveDialog } from '../../shared/saveDialog.ts';
import { createFace } from './api.ts';
import { ConsentSection } from './ConsentSection.tsx';
import { uploadConsentForm } from '../privacy/api.ts';

interface Values {
  imgBase64?: string;
  consentGiver?: string;
  guardianName?: string;
  consentMethod?: string;
  consentForm?: File;
  cardid?: string;
  communityId?: number;
  addressId?: number;
  account?: string;
  username?: string;
}

/**
 * Add a face (001 §2 "Add-face dialog"): webcam photo or JPEG upload (validated by the
 * server), community, household, account, name, and consent (who, how, the purpose text shown,
 * an optional scanned form, a card given here when the person holds none). Without a photo or
 * consent it is refused, here and on the server.
 */
/** `onClose(saved, added)`: the new face is handed over (its door units are offered next). */
export function FaceAddDialog({ onClose }: { onClose: (saved: boolean, added?: FaceRow) => void }) {
  const { t } = useT();
  const [form] = Form.useForm<Values>();
  const communityId = Form.useWatch('communityId', form);
  const dialog = useSaveDialog({ form, okTestId: 'face-save' }, async (v) => {
    const added = await createFace({
      imgBase64: v.imgBase64,
      communityId: v.communityId,
      addressId: v.addressId,
      account: v.account?.trim(),
      username: v.username?.trim() ?? '',
      consentGiver: v.consentGiver,
      guardianName: v.guardianName?.trim(),
      consentMethod: v.consentMethod,
      cardid: v.cardid?.trim() || undefined,
    });
    if (v.consentForm) await uploadConsentForm(added.consentId, v.consentForm);
    onClose(true, added);
  });
  return (
    <Modal {...dialog.modalProps} title={t('ui.face.add')} width={720} onCancel={() => onClose(false)}>
      <Form form={form} layout="vertical" data-testid="face-add-form">
        <Form.Item name="imgBase64" label={t('ui.face.photo')} required rules={[{ required: true, message: tr('face.photoMissing') }]}>
          <FaceCamera />
        </Form.Item>
        <HouseholdFields area="face" schema={createFaceInput} withName />
        <ConsentSection communityId={communityId} />
      </Form>
    </Modal>
  );
}
