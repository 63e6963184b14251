import { type FaceRow, LADDER_SOURCE } from '@gatehouse/contracts';
import { useT } from '../../i18n/index.ts';
import { LadderConfigDialog } from '../holder/LadderConfigDialog.tsx';
import { loadLadder, saveLadder } from '../holder/api.ts';

/**
 * "Empower ladder control" of a face (001 §2): the shared lift configuration dialog
 * over the card area's ladder calls with source 1 (faces).
 */
export function FaceLadderDialog({ face, onClose }: { face: FaceRow; onClose: () => void }) {
  const { t } = useT();
  return (
    <LadderConfigDialog
      title={`${t('ui.face.ladder')}: ${face.username || face.account} (${face.address})`}
      queryKey={['faceLadder', face.id]}
      load={() => loadLadder(face.id, face.communityname, LADDER_SOURCE.face)}
      save={(lcls) => saveLadder(face.id, LADDER_SOURCE.face, lcls)}
      onClose={onClose}
    />
  );
}
