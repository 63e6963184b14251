import type { FaceRow } from '@gatehouse/contracts';
import { useT } from '../../i18n/index.ts';
import { DoorAssignDialog } from '../holder/DoorAssignDialog.tsx';
import { faceDoors } from '../holder/api.ts';
import { HolderGroupsPicker } from '../rules/HolderGroupsPicker.tsx';

/**
 * "Set door units" of a face (001 §2 "Door-unit assignment dialog", "Download dialog"):
 * the shared download dialog over the face calls; saving sends the whole list as fas.
 */
export function FaceGatesDialog({
  face,
  onClose,
  onSaved,
  justAdded,
}: {
  face: FaceRow;
  onClose: () => void;
  onSaved?: () => void;
  justAdded?: boolean;
}) {
  const { t } = useT();
  return (
    <DoorAssignDialog
      title={`${t('ui.face.setGates')}: ${face.username || face.account} (${face.address})`}
      queryKey={['faceDownload', face.id]}
      load={() => faceDoors.load(face.id, face.communityname)}
      save={(entries) => faceDoors.save(face.id, entries)}
      extra={<HolderGroupsPicker kind="face" id={face.id} />}
      justAdded={justAdded}
      onClose={onClose}
      onSaved={onSaved}
    />
  );
}
