import { CONSENT_FORM_BYTES, CONSENT_GIVERS, CONSENT_METHODS, consentFields } from '@gatehouse/contracts';
import { Alert, Form, Input, Radio, Select } from 'antd';
import { useT } from '../../i18n/index.ts';
import { useConsentTemplate } from '../privacy/api.ts';
import { maxLengthOf } from '../../shared/maxLengthOf.ts';

/** A chosen consent scan: JPEG, PNG or PDF, at most CONSENT_FORM_BYTES (the server checks the content again). */
export const consentFormProblem = (file: File | undefined): string | null => {
  if (!file) return null;
  if (!/\.(jpe?g|png|pdf)$/i.test(file.name)) return 'privacy.formNotImage';
  if (file.size > CONSENT_FORM_BYTES) return 'privacy.formTooLarge';
  return null;
};

/**
 * The consent part of the add-face dialog (issue 35 item 1): the community's purpose text, who
 * gave consent (the person or a guardian, named), how, an optional scanned form, and a card given
 * here when the person holds none (a face is never the only way in; the server checks both).
 */
export function ConsentSection({ communityId }: { communityId: number | undefined }) {
  const { t } = useT();
  const template = useConsentTemplate(communityId);
  const giver = Form.useWatch('consentGiver');
  return (
    <fieldset data-testid="face-consent" style={{ border: 0, padding: 0, margin: 0 }}>
      <Form.Item label={t('ui.privacy.purpose')}>
        <Alert type="info" data-testid="face-consent-purpose" message={template.data?.purpose ?? t('ui.privacy.chooseCommunityFirst')} />
      </Form.Item>
      <Form.Item name="consentGiver" label={t('f.privacy.giver')} rules={[{ required: true, message: t('privacy.consentRequired') }]}>
        <Radio.Group data-testid="face-consent-giver" options={CONSENT_GIVERS.map((g) => ({ value: g, label: t(`privacy.giver.${g}`) }))} />
      </Form.Item>
      {giver === 'guardian' ? (
        <Form.Item
          name="guardianName"
          label={t('f.privacy.guardianName')}
          rules={[{ required: true, whitespace: true, message: t('privacy.guardianNameMissing') }, { max: 50 }]}
        >
          <Input maxLength={maxLengthOf(consentFields.guardianName)} data-testid="face-consent-guardian" />
        </Form.Item>
      ) : null}
      <Form.Item name="consentMethod" label={t('f.privacy.method')} rules={[{ required: true, message: t('privacy.consentRequired') }]}>
        <Select data-testid="face-consent-method" options={CONSENT_METHODS.map((m) => ({ value: m, label: t(`privacy.method.${m}`) }))} />
      </Form.Item>
      <Form.Item
        name="consentForm"
        label={t('ui.privacy.form')}
        valuePropName="file"
        getValueFromEvent={(e: { target: { files: FileList | null } }) => e.target.files?.[0]}
        rules={[
          {
            validator: async (_r, file: File | undefined) => {
              const problem = consentFormProblem(file);
              if (problem) throw new Error(t(problem, { max: CONSENT_FORM_BYTES / 1024 / 1024 }));
            },
          },
        ]}
        extra={t('ui.privacy.formHint')}
      >
        <input
          type="file"
          accept="image/jpeg,image/png,application/pdf"
          data-testid="face-consent-form"
          aria-label={t('ui.privacy.form')}
        />
      </Form.Item>
      <Form.Item name="cardid" label={t('ui.privacy.newCard')} extra={t('ui.privacy.newCardHint')} rules={[{ max: 10 }]}>
        <Input maxLength={maxLengthOf(consentFields.cardid)} data-testid="face-consent-card" />
      </Form.Item>
    </fieldset>
  );
}
