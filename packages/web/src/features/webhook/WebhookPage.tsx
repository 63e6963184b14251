import type { WebhookRow, WebhookWithSecret } from '@gatehouse/contracts';
import { Alert, Breadcrumb, Button, Card, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useT } from '../../i18n/index.ts';
import { actionsColumn } from '../../shared/columns.tsx';
import { ConfirmButton, DeleteButton } from '../../shared/ConfirmButton.tsx';
import { InfoDialog } from '../../shared/InfoDialog.tsx';
import { PlainList } from '../../shared/PlainList.tsx';
import { RowActions } from '../../shared/RowActions.tsx';
import { DeliveriesDialog } from './DeliveriesDialog.tsx';
import { deleteWebhooks, rotateSecret, sendTest, updateWebhook, useWebhooks } from './api.ts';
import { WebhookDialog } from './WebhookDialog.tsx';
import { type AddOrEdit, addOrEdit } from '../../shared/addOrEdit.ts';
import { AddButton, EditButton, RowButton } from '../../shared/buttons.tsx';

type Dialog = AddOrEdit<WebhookRow> | { kind: 'deliveries'; row: WebhookRow } | { kind: 'secret'; hook: WebhookWithSecret } | null;

/**
 * Webhooks for integrators (administrators only, docs/live-operations.md): register a URL
 * and the event kinds; the signing secret is shown once (creation, rotation); send a test;
 * read the delivery log; enable again after an automatic disable.
 */
export default function WebhookPage() {
  const { t } = useT();
  const q = useWebhooks();
  const [dialog, setDialog] = useState<Dialog>(null);
  const reload = () => void q.refetch();
  const act = (p: Promise<unknown>) => p.then(reload).catch(() => {});
  return (
    <>
      <Breadcrumb items={[{ title: t('menu.webhook') }]} />
      <Card style={{ marginTop: 12 }}>
        <PlainList<WebhookRow>
          toolbar={
            <AddButton onClick={() => setDialog({ kind: 'add' })} testId="webhook-add">
              {t('ui.webhook.add')}
            </AddButton>
          }
          rows={q.data}
          loading={q.isLoading}
          empty={t('ui.webhook.empty')}
          size="middle"
          scroll={{ x: 'max-content' }}
          columns={[
            { title: t('ui.webhook.url'), dataIndex: 'url', ellipsis: true },
            {
              title: t('ui.webhook.kinds'),
              dataIndex: 'kinds',
              render: (ks: string[]) => ks.map((k) => <Tag key={k}>{t(`webhook.kind.${k}`)}</Tag>),
            },
            { title: t('ui.webhook.description'), dataIndex: 'description' },
            {
              title: t('ui.webhook.state'),
              dataIndex: 'enabled',
              render: (on: boolean, r) =>
                on ? (
                  <Tag color="success">{t('ui.webhook.enabled')}</Tag>
                ) : (
                  <Tooltip title={r.disabledReason ? t(r.disabledReason) : undefined}>
                    <Tag color="error">{t('ui.webhook.disabled')}</Tag>
                  </Tooltip>
                ),
            },
            { title: t('ui.webhook.failures'), dataIndex: 'consecutiveFailures' },
            { title: t('ui.webhook.lastDelivery'), dataIndex: 'lastDeliveryAt' },
            actionsColumn<WebhookRow>(t('ui.actions'), (r) => (
              <RowActions testId={`webhook-actions-${r.id}`}>
                <RowButton label="ui.webhook.test" onClick={() => act(sendTest({ id: r.id }))} testId={`webhook-test-${r.id}`} />
                <RowButton label="ui.webhook.deliveries" onClick={() => setDialog({ kind: 'deliveries', row: r })} />
                <EditButton onClick={() => setDialog({ kind: 'edit', row: r })} />
                <ConfirmButton
                  title={t('ui.webhook.confirmRotate')}
                  onConfirm={() =>
                    rotateSecret({ id: r.id })
                      .then((hook) => setDialog({ kind: 'secret', hook }))
                      .catch(() => {})
                  }
                >
                  {t('ui.webhook.rotate')}
                </ConfirmButton>
                <Button
                  size="small"
                  onClick={() =>
                    act(
                      updateWebhook({
                        id: r.id,
                        url: r.url,
                        kinds: r.kinds.join(','),
                        description: r.description,
                        enabled: r.enabled ? '0' : '1',
                      }),
                    )
                  }
                >
                  {t(r.enabled ? 'ui.webhook.disable' : 'ui.webhook.enable')}
                </Button>
                <DeleteButton onConfirm={() => act(deleteWebhooks({ ids: String(r.id) }))} />
              </RowActions>
            )),
          ]}
        />
      </Card>
      {addOrEdit(dialog, (row) => (
        <WebhookDialog
          row={row}
          onClose={() => setDialog((d) => (d?.kind === 'secret' ? d : null))}
          onSaved={(created) => {
            reload();
            if (created) setDialog({ kind: 'secret', hook: created });
          }}
        />
      ))}
      {dialog?.kind === 'deliveries' ? <DeliveriesDialog hook={dialog.row} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'secret' ? (
        <InfoDialog title={t('ui.webhook.secretTitle')} onClose={() => setDialog(null)}>
          <Alert type="warning" showIcon message={t('ui.webhook.secretHelp')} style={{ marginBottom: 12 }} />
          <Typography.Paragraph copyable code data-testid="webhook-secret">
            {dialog.hook.secret}
          </Typography.Paragraph>
        </InfoDialog>
      ) : null}
    </>
  );
}
