import { type FaceRow, LADDER_SOURCE, ROUTES } from '@gatehouse/contracts';
import { call, callFull } from '../../api/client.ts';
import { useT } from '../../i18n/index.ts';
import { LadderConfigDialog } from '../../shared/LadderConfigDialog.tsx';

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
      load={async () => {
        const info = await call(ROUTES.card.getLadderDownloadInfo, {
          id: face.id,
          communityname: face.communityname,
          source: LADDER_SOURCE.face,
        });
        return { allGms: info.allGms, lcls: info.configured };
      }}
      save={(lcls) => callFull(ROUTES.card.updateLadderControl, { id: face.id, source: LADDER_SOURCE.face, lcls: JSON.stringify(lcls) })}
      onClose={onClose}
    />
  );
}
