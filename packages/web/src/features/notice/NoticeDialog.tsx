import { LIMITS, uploadNoticeInput } from '@gatehouse/contracts';
import { Button, DatePicker, Form, Input, Modal, Select, Upload } from 'antd';
import type { UploadFile } from 'antd/es/upload/interface';
import type { Dayjs } from 'dayjs';
import { useCommunities } from '../../api/lookups.ts';
import { tr, useT } from '../../i18n/index.ts';
import { useState } from 'react';
import { useSaveDialog } from '../../shared/saveDialog.ts';
import { addNotice } from './api.ts';
import { useApp } from '../../shared/useApp.ts';
import { DATE_TIME } from '../../shared/dates.ts';
import { fieldMax } from '../../shared/rules.ts';

interface Values {
  title?: string;
  content?: string;
  communityId?: number;
  validfrom?: Dayjs;
  validto?: Dayjs;
}

type Field = 'title' | 'content' | 'communityId' | 'validfrom' | 'validto';

const toInput = (v: Values) => ({
  title: v.title ?? '',
  content: v.content ?? '',
  communityId: v.communityId,
  validfrom: v.validfrom?.format(DATE_TIME) ?? '',
  validto: v.validto?.format(DATE_TIME) ?? '',
});

/** Add a notice (001 §5 "Notice"): the same rules as the server, attachments checked before sending. */
export function NoticeDialog({ onClose }: { onClose: (saved: boolean) => void }) {
  const { t } = useT();
  const { message } = useApp();
  const [form] = Form.useForm<Values>();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const communities = useCommunities(true);
  const check = (name: Field) => ({
    validator: async () => {
      const res = uploadNoticeInput.safeParse(toInput(form.getFieldsValue()));
      const issue = res.success ? undefined : res.error.issues.find((i) => i.path[0] === name);
      if (issue) throw new Error(t(issue.message));
    },
  });
  const pick = (file: File, batch: File[]) => {
    if (file.size > LIMITS.noticeFileBytes) {
      message.error(tr('notice.fileTooLarge', { name: file.name }));
      return Upload.LIST_IGNORE;
    }
    const place = files.length + batch.indexOf(file) + 1;
    if (place > LIMITS.noticeFiles) {
      if (place === LIMITS.noticeFiles + 1) message.error(tr('notice.tooManyFiles', { max: LIMITS.noticeFiles }));
      return Upload.LIST_IGNORE;
    }
    const uid = `${file.name}-${file.size}-${file.lastModified}-${place}`;
    setFiles((prev) => [...prev, { uid, name: file.name, size: file.size, originFileObj: file as UploadFile['originFileObj'] }]);
    return false;
  };
  const dialog = useSaveDialog(form, async (v) => {
    const body = new FormData();
    for (const [k, val] of Object.entries(toInput(v))) body.append(k, String(val ?? ''));
    for (const f of files) if (f.originFileObj) body.append('files', f.originFileObj, f.name);
    await addNotice(body);
    onClose(true);
  });
  return (
    <Modal {...dialog.modalProps} title={t('ui.notice.add')} onCancel={() => onClose(false)} width={640}>
      <Form form={form} layout="vertical" data-testid="notice-form">
        <Form.Item name="title" label={t('ui.notice.title')} rules={[check('title')]} required>
          <Input maxLength={fieldMax(uploadNoticeInput, 'title')} data-testid="notice-title" />
        </Form.Item>
        <Form.Item name="content" label={t('ui.notice.content')} rules={[check('content')]} required>
          <Input.TextArea rows={5} maxLength={LIMITS.noticeContent} showCount data-testid="notice-content" />
        </Form.Item>
        <Form.Item name="communityId" label={t('ui.notice.community')} rules={[check('communityId')]} required>
          <Select
            showSearch
            optionFilterProp="label"
            data-testid="notice-community"
            options={communities.map((c) => ({ value: c.communityid, label: c.name }))}
          />
        </Form.Item>
        <Form.Item name="validfrom" label={t('ui.notice.validfrom')} rules={[check('validfrom')]} dependencies={['validto']} required>
          <DatePicker showTime format={DATE_TIME} data-testid="notice-validfrom" />
        </Form.Item>
        <Form.Item name="validto" label={t('ui.notice.validto')} rules={[check('validto')]} dependencies={['validfrom']} required>
          <DatePicker showTime format={DATE_TIME} data-testid="notice-validto" />
        </Form.Item>
        <Form.Item label={t('ui.notice.files')} extra={t('ui.notice.filesHint')}>
          <Upload multiple fileList={files} beforeUpload={pick} onRemove={(f) => setFiles((prev) => prev.filter((x) => x.uid !== f.uid))}>
            <Button data-testid="notice-pick">{t('ui.notice.pickFiles')}</Button>
          </Upload>
        </Form.Item>
      </Form>
    </Modal>
  );
}
