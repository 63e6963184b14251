import { accountRoutes, rulesRoutes } from '@gatehouse/contracts';
import { useT } from '../../i18n/index.ts';
import { ImportButton } from '../../shared/buttons.tsx';
import { useListImport } from '../../shared/useListImport.tsx';
import { rulesOf } from './api.ts';
import { RulesTab } from './RulesTab.tsx';

/** The community's holidays, entered by hand or imported from the xlsx template. */
export function HolidaysTab({ communityId }: { communityId: number }) {
  const { t } = useT();
  const importer = useListImport(rulesOf(communityId), () => ({
    title: t('ui.rules.importHolidays'),
    templateRoute: rulesRoutes.downloadHolidayTemplate,
    uploadRoute: rulesRoutes.importHolidays,
    fields: { communityId },
    progressRoute: accountRoutes.getImportProgress,
  }));
  return (
    <>
      <RulesTab
        kind="holiday"
        communityId={communityId}
        tools={
          <ImportButton testId="holiday-import" onClick={() => importer.open()}>
            {t('ui.rules.importHolidays')}
          </ImportButton>
        }
      />
      {importer.dialog}
    </>
  );
}
