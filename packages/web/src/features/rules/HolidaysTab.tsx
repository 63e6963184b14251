import { type HolidayRow, ROUTES } from '@gatehouse/contracts';
import { useT } from '../../i18n/index.ts';
import { ImportButton } from '../../shared/buttons.tsx';
import { useListImport } from '../../shared/useListImport.tsx';
import { rulesOf, useHolidays } from './api.ts';
import { HolidayDialog } from './HolidayDialog.tsx';
import { RulesTab } from './RulesTab.tsx';

/** The community's holidays, entered by hand or imported from the xlsx template. */
export function HolidaysTab({ communityId }: { communityId: number }) {
  const { t } = useT();
  const importer = useListImport(rulesOf(communityId), () => ({
    title: t('ui.rules.importHolidays'),
    templateRoute: ROUTES.rules.downloadHolidayTemplate,
    uploadRoute: ROUTES.rules.importHolidays,
    fields: { communityId },
    progressRoute: ROUTES.account.getImportProgress,
  }));
  return (
    <>
      <RulesTab<HolidayRow>
        kind="holiday"
        communityId={communityId}
        list={useHolidays(communityId)}
        tools={
          <ImportButton testId="holiday-import" onClick={() => importer.open()}>
            {t('ui.rules.importHolidays')}
          </ImportButton>
        }
        columns={[
          { title: t('ui.rules.name'), dataIndex: 'name' },
          { title: t('ui.rules.datefrom'), dataIndex: 'datefrom', width: 140 },
          { title: t('ui.rules.dateto'), dataIndex: 'dateto', width: 140 },
        ]}
        dialog={(row, onClose) => <HolidayDialog communityId={communityId} row={row} onClose={onClose} />}
      />
      {importer.dialog}
    </>
  );
}
