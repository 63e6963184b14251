import { type FaceRow, ROUTES } from '@gatehouse/contracts';
import { callFull, call } from '../../api/client.ts';
import { useT } from '../../i18n/index.ts';
import { DoorAssignDialog } from '../../shared/DoorAssignDialog.tsx';

/**
 * "Set door units" of a face (001 §2 "Door-unit assignment dialog", "Download dialog"):
 * the shared download dialog over the face calls; saving sends the whole list as fas.
 */
export function FaceGatesDialog({ face, onClose, onSaved }: { face: FaceRow; onClose: () => void; onSaved?: () => void }) {
  const { t } = useT();
  return (
    <DoorAssignDialog
      title={`${t('ui.face.setGates')}: ${face.username || face.account} (${face.address})`}
      queryKey={['faceDownload', face.id]}
      load={() => call(ROUTES.face.getFaceAddressDownloadInfo, { id: face.id, communityname: face.communityname })}
      save={(entries) =>
        callFull(ROUTES.face.updateFaceAddressInfo, {
          id: face.id,
          fas: JSON.stringify(entries.map((e) => ({ gateID: e.gateID, validfrom: e.validfrom, validto: e.validto, info: e.info }))),
        })
      }
      onClose={onClose}
      onSaved={onSaved}
    />
  );
}
