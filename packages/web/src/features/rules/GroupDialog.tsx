import { type GroupLift, type GroupRow, saveGroupInput } from '@gatehouse/contracts';
import { Col, Collapse, Form, Modal, Row, Select, Tag } from 'antd';
import { useT } from '../../i18n/index.ts';
import { FloorsField, LiftFields } from '../holder/LiftFields.tsx';
import { chooseRule } from '../../shared/rules.ts';
import { useSaveDialog } from '../../shared/saveDialog.ts';
import { saveGroup, useDoorUnits, useRulesReload, useSchedules } from './api.ts';
import { RulesForm } from './RulesForm.tsx';

/** The lift fields of one door unit in the dialog (blank: no lift floors there). */
type LiftDraft = Partial<Omit<GroupLift, 'addressid'>>;
type Values = { name: string; scheduleId: number; units: number[]; lifts?: Record<string, LiftDraft> };

const filled = (d: LiftDraft | undefined): boolean =>
  d !== undefined &&
  ([d.ResiLevel, d.bank, d.node, d.GateType].some((v) => v !== undefined && v !== null) ||
    (d.FrontUnlockLevelList?.length ?? 0) + (d.BackUnlockLevelList?.length ?? 0) > 0);

/**
 * Add or edit an access group: its name, schedule and door units, and for each of its units
 * optional lift floors (resident floor, lift group, lift number, door type, front / back floors),
 * given to every card and face of the group within its schedule.
 */
export function GroupDialog({ communityId, row, onClose }: { communityId: number; row: GroupRow | null; onClose: () => void }) {
  const { t } = useT();
  const reload = useRulesReload(communityId);
  const [form] = Form.useForm<Values>();
  const schedules = useSchedules(communityId).data ?? [];
  const units = useDoorUnits(communityId).data ?? [];
  const chosen = Form.useWatch('units', form) ?? [];
  const lifts = Form.useWatch('lifts', form);
  const dialog = useSaveDialog({ form, okTestId: 'group-ok' }, async (v) => {
    const unitIds = v.units ?? [];
    const all = form.getFieldValue('lifts') as Values['lifts'];
    await saveGroup({
      id: row?.id,
      communityId,
      name: v.name,
      scheduleId: v.scheduleId,
      units: unitIds,
      lifts: JSON.stringify(unitIds.filter((id) => filled(all?.[id])).map((id) => ({ addressid: id, ...all?.[id] }))),
    });
    await reload();
    onClose();
  });
  const initialLifts = Object.fromEntries((row?.lifts ?? []).map(({ addressid, ...rest }) => [String(addressid), rest]));
  const labelOf = (id: number) => units.find((u) => u.intValue === id)?.label ?? row?.units.find((u) => u.id === id)?.name ?? String(id);

  return (
    <Modal {...dialog.modalProps} width={800} title={row ? t('ui.rules.editGroup') : t('ui.rules.addGroup')} onCancel={onClose}>
      <RulesForm<Values>
        kind="group"
        form={form}
        schema={saveGroupInput}
        row={row}
        initialValues={{ scheduleId: row?.scheduleId ?? 0, units: row?.units.map((u) => u.id) ?? [], lifts: initialLifts }}
      >
        <Form.Item name="scheduleId" label={t('ui.rules.schedule')} rules={[chooseRule('f.rules.schedule')]}>
          <Select data-testid="group-schedule" options={schedules.map((s) => ({ value: s.id, label: s.name }))} />
        </Form.Item>
        <Form.Item name="units" label={t('ui.rules.units')}>
          <Select
            mode="multiple"
            allowClear
            optionFilterProp="label"
            data-testid="group-units"
            options={units.map((u) => ({ value: u.intValue, label: u.label }))}
          />
        </Form.Item>
        {chosen.length ? (
          <Form.Item label={t('ui.rules.lifts')} extra={t('ui.rules.liftsHelp')}>
            <Collapse
              size="small"
              data-testid="group-lifts"
              items={chosen.map((id) => ({
                key: String(id),
                forceRender: true,
                label: (
                  <span data-testid={`group-lift-${id}`}>
                    {labelOf(id)} {filled(lifts?.[id]) ? <Tag color="blue">{t('ui.ladder.configured')}</Tag> : null}
                  </span>
                ),
                children: (
                  <>
                    <LiftFields path={['lifts', String(id)]} gutter={12} />
                    <Row gutter={12}>
                      <Col xs={24} md={12}>
                        <FloorsField name={['lifts', String(id), 'FrontUnlockLevelList']} label={t('ui.ladder.front')} />
                      </Col>
                      <Col xs={24} md={12}>
                        <FloorsField name={['lifts', String(id), 'BackUnlockLevelList']} label={t('ui.ladder.back')} />
                      </Col>
                    </Row>
                  </>
                ),
              }))}
            />
          </Form.Item>
        ) : null}
      </RulesForm>
    </Modal>
  );
}
