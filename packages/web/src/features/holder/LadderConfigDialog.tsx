import { useQuery } from '@tanstack/react-query';
import { Button, Checkbox, Col, Empty, Form, Layout, Menu, Modal, Row, Spin, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { tr, useT } from '../../i18n/index.ts';
import { FloorsField, LiftFields } from './LiftFields.tsx';
import { configured, useSaveAction } from '../../shared/saveDialog.ts';
import { collectLadder, type LadderDraft, type LadderInfo, type LadderItem, toDraft, touched } from './ladderDraft.ts';
import { useApp } from '../../shared/useApp.ts';

export type { LadderDraft, LadderInfo, LadderItem } from './ladderDraft.ts';

/**
 * The full-screen lift configuration dialog (001 §2 "Lift configuration dialog"; faces'
 * "empower ladder control"). Door units on the left, one form per door unit on the right.
 * - `title`: dialog title (already translated).
 * - `queryKey`: react-query key of the ladder info (e.g. ['cardLadder', id]).
 * - `load()`: answers the door units and the saved items.
 * - `save(lcls)`: saves the complete list (door units left empty are not in it; an empty
 *   list clears the configuration); answers `{ msgs }` (e.g. `callFull(...)`), whose first
 *   message is the success toast; throws (after its error toast) on failure.
 * - `onClose()`: cancel and after a successful save; `onSaved()` after a successful save.
 * The four fields resident floor, lift group, lift number and door type are all-or-nothing
 * per door unit: a door unit with anything set must have all four, otherwise the dialog
 * refuses and names it (001 §5).
 */
export interface LadderConfigDialogProps {
  title?: string;
  queryKey: readonly unknown[];
  load: () => Promise<LadderInfo>;
  save: (lcls: LadderItem[]) => Promise<{ msgs?: string[] }>;
  onClose: () => void;
  onSaved?: () => void;
}

export function LadderConfigDialog(p: LadderConfigDialogProps) {
  const { t } = useT();
  const { message } = useApp();
  const [form] = Form.useForm<LadderDraft>();
  const info = useQuery({ queryKey: p.queryKey, queryFn: p.load, staleTime: 0, gcTime: 0 });
  const [drafts, setDrafts] = useState<Map<number, LadderDraft>>(new Map());
  const [current, setCurrent] = useState<number | null>(null);
  const gms = info.data?.allGms ?? [];
  useEffect(() => {
    if (!info.data) return;
    setDrafts(new Map(info.data.lcls.map((i) => [i.addressid, toDraft(i)])));
    setCurrent(info.data.allGms[0]?.intValue ?? null);
  }, [info.data]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when another door unit is chosen (drafts follow the form)
  useEffect(() => {
    form.resetFields();
    if (current !== null) form.setFieldsValue(drafts.get(current) ?? {});
  }, [current, form]);

  const onChange = (_c: unknown, all: LadderDraft) => {
    if (current === null) return;
    setDrafts((prev) => new Map(prev).set(current, all));
  };
  const clearCurrent = () => {
    if (current === null) return;
    form.resetFields();
    setDrafts((prev) => {
      const next = new Map(prev);
      next.delete(current);
      return next;
    });
  };
  const dialog = useSaveAction({ okTestId: 'ladder-confirm', okDisabled: !info.data }, async () => {
    const res = collectLadder(gms, drafts);
    if ('incomplete' in res) {
      setCurrent(res.incomplete.intValue);
      message.error(tr('card.ladderIncomplete', { name: res.incomplete.label }));
      return;
    }
    await p.save(res.lcls).then((a) => configured(message, a, p));
  });

  const label = gms.find((g) => g.intValue === current)?.label ?? '';
  return (
    <Modal
      {...dialog.modalProps}
      title={p.title ?? t('ui.ladder.title')}
      width="100%"
      style={{ top: 0, maxWidth: '100vw', paddingBottom: 0 }}
      styles={{ body: { height: 'calc(100vh - 130px)', overflow: 'auto' } }}
      onCancel={p.onClose}
    >
      <Spin spinning={info.isLoading}>
        {info.data && !gms.length ? (
          <Empty description={t('ui.ladder.noGates')} />
        ) : (
          <Layout style={{ background: 'transparent' }} data-testid="ladder-config">
            <Layout.Sider width={260} theme="light" style={{ borderRight: '1px solid #f0f0f0' }}>
              <Menu
                mode="inline"
                selectedKeys={current === null ? [] : [String(current)]}
                onClick={({ key }) => setCurrent(Number(key))}
                items={gms.map((g) => ({
                  key: String(g.intValue),
                  label: (
                    <span data-testid={`ladder-gate-${g.intValue}`}>
                      {g.label} {touched(drafts.get(g.intValue)) ? <Tag color="blue">{t('ui.ladder.configured')}</Tag> : null}
                    </span>
                  ),
                }))}
              />
            </Layout.Sider>
            <Layout.Content style={{ padding: '0 24px' }}>
              {current === null ? null : (
                <Form form={form} layout="vertical" onValuesChange={onChange} data-testid="ladder-form">
                  <h3>{label}</h3>
                  <LiftFields gutter={16} testId="ladder" />
                  <Row gutter={16}>
                    <Col>
                      <Form.Item name="isadmin" valuePropName="checked">
                        <Checkbox data-testid="ladder-isadmin">{t('ui.ladder.isadmin')}</Checkbox>
                      </Form.Item>
                    </Col>
                    <Col>
                      <Form.Item name="isVilla" valuePropName="checked">
                        <Checkbox data-testid="ladder-isVilla">{t('ui.ladder.isVilla')}</Checkbox>
                      </Form.Item>
                    </Col>
                  </Row>
                  <FloorsField name={['FrontUnlockLevelList']} label={t('ui.ladder.front')} testId="ladder-front" />
                  <FloorsField name={['BackUnlockLevelList']} label={t('ui.ladder.back')} testId="ladder-back" />
                  <Button onClick={clearCurrent} data-testid="ladder-clear">
                    {t('ui.ladder.clear')}
                  </Button>
                </Form>
              )}
            </Layout.Content>
          </Layout>
        )}
      </Spin>
    </Modal>
  );
}
