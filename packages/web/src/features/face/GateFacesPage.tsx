import { type FaceAddressRow, faceRoutes, updateFaceAddressInput } from '@gatehouse/contracts';
import { Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useParams } from 'react-router';
import { FaceThumb } from './FaceThumb.tsx';
import { useT } from '../../i18n/index.ts';
import { EditButton } from '../../shared/buttons.tsx';
import { crumbLink } from '../../shared/crumbLink.tsx';
import { ListPage } from '../../shared/ListPage.tsx';
import { deleteGateFace, facePhotoPath, GATE_FACES_KEY, resendGateFace, saveGateFace } from './api.ts';
import { useGateEntryEdit } from '../holder/useGateEntryEdit.tsx';
import { FACE_STATUSES } from '../../shared/statuses.ts';
import { ConfirmButton, DeleteButton } from '../../shared/ConfirmButton.tsx';
import { dateRange } from '../../shared/FilterBar.tsx';
import { actionsColumn, enumColumn } from '../../shared/columns.tsx';

/**
 * The faces of one door unit (001 §2 "Door unit face list", /gm/face/:addressId):
 * filters account, address, status, validity dates; delete and resend (confirmed),
 * edit the validity and notes.
 */
export default function GateFacesPage() {
  const { t } = useT();
  const addressId = Number(useParams().addressId);
  const key = [...GATE_FACES_KEY, addressId] as const;
  const { act, edit, editor } = useGateEntryEdit<FaceAddressRow>(key, {
    area: 'face',
    holder: (r) => r.account,
    schema: updateFaceAddressInput,
    save: saveGateFace,
  });
  const columns: ColumnsType<FaceAddressRow> = [
    {
      title: t('ui.face.photo'),
      key: 'photo',
      width: 56,
      render: (_v, r) => <FaceThumb photoUrl={facePhotoPath(r.faceID)} alt={t('ui.face.photoOf', { name: r.username })} />,
    },
    { title: t('ui.face.account'), dataIndex: 'account', key: 'account', sorter: true },
    { title: t('ui.face.username'), dataIndex: 'username' },
    { title: t('ui.face.address'), dataIndex: 'address', key: 'address', sorter: true },
    enumColumn(t('ui.face.status'), 'status', FACE_STATUSES),
    { title: t('ui.face.validfrom'), dataIndex: 'validfrom', key: 'validfrom', sorter: true },
    { title: t('ui.face.validto'), dataIndex: 'validto', key: 'validto', sorter: true },
    { title: t('ui.face.info'), dataIndex: 'info', ellipsis: true },
    actionsColumn(t('ui.actions'), (r) => (
      <Space>
        <DeleteButton testId={`gate-face-delete-${r.id}`} onConfirm={() => act(deleteGateFace(r.id))} />
        <EditButton onClick={() => edit(r)} testId={`gate-face-edit-${r.id}`} />
        <ConfirmButton title={t('ui.face.confirmResend')} onConfirm={() => act(resendGateFace(r.id))} testId={`gate-face-resend-${r.id}`}>
          {t('ui.face.resend')}
        </ConfirmButton>
      </Space>
    )),
  ];
  return (
    <>
      <ListPage<FaceAddressRow>
        breadcrumb={[t('menu.access'), crumbLink('/access/gm', t('menu.access.gm')), t('ui.face.gateFaces')]}
        queryKey={key}
        columns={columns}
        route={faceRoutes.getFaceAddressByAddressId}
        params={{ addressId }}
        filters={{
          account: 'ui.face.account',
          address: 'ui.face.address',
          status: { label: 'ui.face.status', options: FACE_STATUSES },
          ...dateRange('validfrom', 'validto', ['ui.face.validfrom', 'ui.face.validto']),
        }}
      />
      {editor}
    </>
  );
}
