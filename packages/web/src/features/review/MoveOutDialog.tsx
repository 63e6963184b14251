import { CMD_STATUS, type MoveOutCommand, type MoveOutItem, reviewRoutes } from '@gatehouse/contracts';
import { Alert, Button, Input, List, Modal, Progress, Result, Space, Spin, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useT } from '../../i18n/index.ts';
import { COMMAND_STATUSES } from '../../shared/statuses.ts';
import { EnumTag } from '../../shared/valueEnum.tsx';
import { resendMoveOut, runMoveOut, type Subject, useMoveOutPreview, useMoveOutProgress } from './api.ts';
import { RowButton } from '../../shared/buttons.tsx';
import { RegionTable } from '../../shared/scrollRegion.tsx';
import { inputLimits } from '../../api/inputLimits.ts';

type Step = 'preview' | 'confirm' | 'progress';

/** The progress of a running move-out: acknowledged commands, failures with Resend. */
function MoveOutProgressView({ id }: { id: number }) {
  const { t } = useT();
  const q = useMoveOutProgress(id);
  const p = q.data;
  if (!p) return <Spin />;
  const columns: ColumnsType<MoveOutCommand> = [
    { title: t('review.col.gate'), dataIndex: 'gateName' },
    { title: t('ui.review.object'), dataIndex: 'object' },
    {
      title: t('review.col.sync'),
      dataIndex: 'status',
      render: (s: number) => <EnumTag of={COMMAND_STATUSES} value={s} data-testid="moveout-command-status" />,
    },
    { title: t('review.col.detail'), dataIndex: 'info' },
  ];
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="moveout-progress">
      <Progress
        percent={p.total ? Math.round((p.acked / p.total) * 100) : 100}
        status={p.failed ? 'exception' : p.done ? 'success' : 'active'}
      />
      <Typography.Text data-testid="moveout-acked">{t('ui.review.acked', { acked: p.acked, total: p.total })}</Typography.Text>
      {p.done ? <Result status="success" title={t('ui.review.allAcked')} data-testid="moveout-done" /> : null}
      {p.failed ? (
        <Alert
          type="error"
          message={t('ui.review.failures', { n: p.failed })}
          action={
            <RowButton label="ui.review.resend" onClick={() => void resendMoveOut(id).then(() => q.refetch())} testId="moveout-resend" />
          }
        />
      ) : null}
      <RegionTable<MoveOutCommand>
        name={t('ui.listRows')}
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={p.commands}
        pagination={false}
        rowClassName={(r) => (r.status === CMD_STATUS.failed ? 'gh-row-failed' : '')}
      />
    </Space>
  );
}

/**
 * Move-out of an account or household: the preview (what goes, from which units), a
 * second confirmation with an optional reason, then the progress until the units acknowledged.
 */
export function MoveOutDialog({ subject, onClose }: { subject: Subject; onClose: () => void }) {
  const { t } = useT();
  const [step, setStep] = useState<Step>('preview');
  const [reason, setReason] = useState('');
  const [running, setRunning] = useState(false);
  const [id, setId] = useState<number | null>(null);
  const preview = useMoveOutPreview(subject, true).data;

  const run = async () => {
    setRunning(true);
    try {
      const done = await runMoveOut(subject, reason);
      setId(done.id);
      setStep('progress');
    } catch {
      // the error toast is shown; the dialog stays open
    } finally {
      setRunning(false);
    }
  };

  const footer =
    step === 'preview' ? (
      <Space>
        <Button onClick={onClose}>{t('ui.cancel')}</Button>
        <Button type="primary" danger disabled={!preview?.items.length} onClick={() => setStep('confirm')} data-testid="moveout-next">
          {t('ui.review.next')}
        </Button>
      </Space>
    ) : step === 'confirm' ? (
      <Space>
        <Button onClick={() => setStep('preview')}>{t('ui.review.back')}</Button>
        <Button type="primary" danger loading={running} onClick={() => void run()} data-testid="moveout-confirm">
          {t('ui.review.confirmButton')}
        </Button>
      </Space>
    ) : (
      <Button onClick={onClose} data-testid="moveout-close">
        {t('ui.review.close')}
      </Button>
    );

  return (
    <Modal
      open
      width={760}
      title={t('ui.review.moveOutTitle', { subject: preview?.subject ?? '' })}
      onCancel={onClose}
      footer={footer}
      maskClosable={false}
      destroyOnHidden
    >
      {step === 'preview' ? (
        preview ? (
          <Space direction="vertical" style={{ width: '100%' }} data-testid="moveout-preview">
            <Typography.Text>{t('ui.review.previewIntro')}</Typography.Text>
            <List<MoveOutItem>
              size="small"
              bordered
              dataSource={preview.items}
              renderItem={(it) => (
                <List.Item data-testid={`moveout-item-${it.kind}`}>
                  <Space wrap>
                    <Tag>{t(`review.kind.${it.kind}`)}</Tag>
                    <span>{it.label}</span>
                    <Typography.Text type="secondary">{it.account}</Typography.Text>
                    {it.units.map((u) => (
                      <Tag key={u} color="blue">
                        {u}
                      </Tag>
                    ))}
                  </Space>
                </List.Item>
              )}
            />
            <Typography.Text type="secondary">{t('ui.review.commandsToQueue', { n: preview.commands })}</Typography.Text>
          </Space>
        ) : (
          <Spin />
        )
      ) : step === 'confirm' ? (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Alert
            type="warning"
            showIcon
            message={t('ui.review.confirmTitle')}
            description={t('ui.review.confirmText', { n: preview?.items.length ?? 0 })}
          />
          <Input.TextArea
            placeholder={t('ui.review.reason')}
            maxLength={inputLimits(reviewRoutes.moveOut).reason}
            showCount
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            data-testid="moveout-reason"
          />
        </Space>
      ) : id !== null ? (
        <MoveOutProgressView id={id} />
      ) : null}
    </Modal>
  );
}
