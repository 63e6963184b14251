import { type CardRow, LADDER_SOURCE } from '@gatehouse/contracts';
import { useT } from '../../i18n/index.ts';
import { DoorAssignDialog } from '../holder/DoorAssignDialog.tsx';
import { LadderConfigDialog } from '../holder/LadderConfigDialog.tsx';
import { cardDoors, loadLadder, saveLadder } from '../holder/api.ts';
import { HolderGroupsPicker } from '../rules/HolderGroupsPicker.tsx';

/** The download dialog of a card (gate list "details"): its door units and validity. */
export function CardDownloadDialog({
  row,
  onClose,
  onSaved,
  justAdded,
}: {
  row: CardRow;
  onClose: () => void;
  onSaved: () => void;
  justAdded?: boolean;
}) {
  const { t } = useT();
  return (
    <DoorAssignDialog
      title={`${t('ui.card.download')}: ${row.cardid} (${row.communityname} ${row.address})`}
      queryKey={['cardDownload', row.id]}
      load={() => cardDoors.load(row.id, row.communityname)}
      save={(entries) => cardDoors.save(row.id, entries)}
      deleteAllConfirm={t('ui.card.confirmDeleteAll')}
      extra={<HolderGroupsPicker kind="card" id={row.id} />}
      justAdded={justAdded}
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
      load={() => loadLadder(row.id, row.communityname, LADDER_SOURCE.card)}
      save={(lcls) => saveLadder(row.id, LADDER_SOURCE.card, lcls)}
      onClose={onClose}
    />
  );
}
