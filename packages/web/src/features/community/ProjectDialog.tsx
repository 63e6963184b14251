import { COMMUNITY_TYPE, createCommunityInput } from '@gatehouse/contracts';
import { Form, Input, Modal, Select, Spin } from 'antd';
import { useT } from '../../i18n/index.ts';
import { fieldMax, fieldRule } from '../../shared/rules.ts';
import { saveProject, useCommunity, useEngineers } from './api.ts';
import { RegionCascader } from './RegionCascader.tsx';
import { useSaveDialog } from '../../shared/saveDialog.ts';

export interface ProjectDialogProps {
  /** The community to edit; absent for Add. */
  communityId?: number;
  onClose: () => void;
  onSaved: () => void;
}

type Values = { name?: string; type?: number; regNo?: string; location?: string; address?: string; engineerIdList?: number[]; ip?: string };

/** Add and Edit project (000 §5 "Project add or edit"): the same rules as the server. */
export function ProjectDialog({ communityId, onClose, onSaved }: ProjectDialogProps) {
  const { t } = useT();
  const [form] = Form.useForm<Values>();
  const editing = communityId !== undefined;
  const detail = useCommunity(communityId);
  const engineers = useEngineers();
  const type = Form.useWatch('type', form);
  const dialog = useSaveDialog(form, async (v) => {
    await saveProject(v, communityId);
    onSaved();
    onClose();
  });
  const d = detail.data;
  const initial: Values = d
    ? {
        name: d.name,
        type: d.type,
        regNo: d.regNo || undefined,
        location: d.location,
        address: d.address,
        engineerIdList: d.engineerIdList ?? [],
        ip: d.ip || undefined,
      }
    : { type: COMMUNITY_TYPE.project, engineerIdList: [] };
  const rule = (name: keyof Values & string) => fieldRule(createCommunityInput, name);
  return (
    <Modal {...dialog.modalProps} title={t(editing ? 'ui.comm.edit' : 'ui.comm.add')} onCancel={onClose} width={560}>
      {editing && !d ? (
        <Spin />
      ) : (
        <Form form={form} layout="vertical" initialValues={initial} data-testid="project-form">
          <Form.Item label={t('ui.comm.name')} name="name" rules={[rule('name')]}>
            <Input maxLength={fieldMax(createCommunityInput, 'name')} showCount data-testid="project-name" />
          </Form.Item>
          <Form.Item label={t('ui.comm.type')} name="type">
            <Select
              data-testid="project-type"
              options={[COMMUNITY_TYPE.project, COMMUNITY_TYPE.enterprise].map((v) => ({ value: v, label: t(`comm.type.${v}`) }))}
            />
          </Form.Item>
          {type === COMMUNITY_TYPE.enterprise ? (
            <Form.Item
              label={t('ui.comm.regNo')}
              name="regNo"
              rules={[{ required: true, message: t('comm.regNoRequired') }, rule('regNo')]}
            >
              <Input maxLength={fieldMax(createCommunityInput, 'regNo')} disabled={editing && !!d?.regNo} data-testid="project-regno" />
            </Form.Item>
          ) : null}
          <Form.Item label={t('ui.comm.region')} name="location" rules={[rule('location')]}>
            <RegionCascader data-testid="project-region" />
          </Form.Item>
          <Form.Item label={t('ui.comm.address')} name="address" rules={[rule('address')]}>
            <Input maxLength={fieldMax(createCommunityInput, 'address')} data-testid="project-address" />
          </Form.Item>
          <Form.Item label={t('ui.comm.engineers')} name="engineerIdList" rules={[rule('engineerIdList')]}>
            <Select
              mode="multiple"
              optionFilterProp="label"
              options={engineers.map((e) => ({ value: e.intValue, label: e.label }))}
              data-testid="project-engineers"
            />
          </Form.Item>
          <Form.Item label={t('ui.comm.ip')} name="ip" rules={[fieldRule(createCommunityInput, 'ip', { required: false })]}>
            <Input maxLength={fieldMax(createCommunityInput, 'ip')} placeholder="192.168.1.10:8080" data-testid="project-ip" />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
