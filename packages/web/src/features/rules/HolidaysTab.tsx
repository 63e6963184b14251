import { type HolidayRow, ROUTES } from '@gatehouse/contracts';
import { Button } from 'antd';
import { useState } from 'react';
import { useT } from '../../i18n/index.ts';
import { ImportDialog } from '../../shared/ImportDialog.tsx';
import { deleteHoliday, useHolidays, useRulesReload } from './api.ts';
import { HolidayDialog } from './HolidayDialog.tsx';
import { RulesTab } from './RulesTab.tsx';

/** The community's holidays, entered by hand or imported from the xlsx template. */
export function HolidaysTab({ communityId }: { communityId: number }) {
  const { t } = useT();
  const reload = useRulesReload(communityId);
  const [importing, setImporting] = useState(false);
  return (
    <>
      <RulesTab<HolidayRow>
        kind="holiday"
        communityId={communityId}
        list={useHolidays(communityId)}
        addText={t('ui.rules.addHoliday')}
        tools={
          <Button data-testid="holiday-import" onClick={() => setImporting(true)}>
            {t('ui.rules.importHolidays')}
          </Button>
        }
        empty={t('ui.rules.noHolidays')}
        columns={[
          { title: t('ui.rules.name'), dataIndex: 'name' },
          { title: t('ui.rules.datefrom'), dataIndex: 'datefrom', width: 140 },
          { title: t('ui.rules.dateto'), dataIndex: 'dateto', width: 140 },
        ]}
        remove={deleteHoliday}
        dialog={(row, onClose) => <HolidayDialog communityId={communityId} row={row} onClose={onClose} />}
      />
      {importing ? (
        <ImportDialog
          title={t('ui.rules.importHolidays')}
          templateRoute={ROUTES.rules.downloadHolidayTemplate}
          templateName="holidays.xlsx"
          uploadRoute={ROUTES.rules.importHolidays}
          fields={{ communityId }}
          progressRoute={ROUTES.account.getImportProgress}
          onClose={() => setImporting(false)}
          onImported={() => void reload()}
        />
      ) : null}
    </>
  );
}
