import { type CardRow, LADDER_SOURCE, ROUTES } from '@gatehouse/contracts';
import { call, callFull } from '../../api/client.ts';
import { useT } from '../../i18n/index.ts';
import { DoorAssignDialog } from '../../shared/DoorAssignDialog.tsx';
import { LadderConfigDialog } from '../../shared/LadderConfigDialog.tsx';

/** The download dialog of a card (gate list "details"): its door units and validity. */
export function CardDownloadDialog({ row, onClose, onSaved }: { row: CardRow; onClose: () => void; onSaved: () => void }) {
  const { t } = useT();
  return (
    <DoorAssignDialog
      title={`${t('ui.card.download')}: ${row.cardid} (${row.communityname} ${row.address})`}
      queryKey={['cardDownload', row.id]}
      load={() => call(ROUTES.card.getCardAddressDownloadInfo, { id: row.id, communityname: row.communityname })}
      save={(entries) =>
        callFull(ROUTES.card.updateCardAddressInfo, {
          id: row.id,
          agas: JSON.stringify(entries.map((e) => ({ gateID: e.gateID, validfrom: e.validfrom, validto: e.validto, info: e.info }))),
        })
      }
      deleteAllConfirm={t('ui.card.confirmDeleteAll')}
      onClose={onClose}
      onSaved={onSaved}
    />
  );
}

/** The lift configuration dialog of a card (lift list "set"). */
export function CardLadderDialog({ row, onClose }: { row: CardRow; onClose: () => void }) {
  const { t } = useT();
  return (
    <LadderConfigDialog
      title={`${t('ui.card.ladderTitle', { cardid: row.cardid })} (${row.communityname} ${row.address})`}
      queryKey={['cardLadder', row.id]}
      load={async () => {
        const info = await call(ROUTES.card.getLadderDownloadInfo, {
          id: row.id,
          communityname: row.communityname,
          source: LADDER_SOURCE.card,
        });
        return { allGms: info.allGms, lcls: info.configured };
      }}
      save={(lcls) => callFull(ROUTES.card.updateLadderControl, { id: row.id, source: LADDER_SOURCE.card, lcls: JSON.stringify(lcls) })}
      onClose={onClose}
    />
  );
}
