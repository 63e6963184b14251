import { type HolidayRow, ROUTES } from '@gatehouse/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useState } from 'react';
import { useT } from '../../i18n/index.ts';
import { actionsColumn } from '../../shared/columns.tsx';
import { DeleteButton } from '../../shared/ConfirmButton.tsx';
import { PlainList } from '../../shared/PlainList.tsx';
import { RowActions } from '../../shared/RowActions.tsx';
import { ImportDialog } from '../../shared/ImportDialog.tsx';
import { deleteHoliday, useHolidays } from './api.ts';
import { HolidayDialog } from './HolidayDialog.tsx';

/** The community's holidays, entered by hand or imported from the xlsx template. */
export function HolidaysTab({ communityId }: { communityId: number }) {
  const { t } = useT();
  const qc = useQueryClient();
  const list = useHolidays(communityId);
  const [editing, setEditing] = useState<HolidayRow | null | undefined>(undefined);
  const [importing, setImporting] = useState(false);
  const reload = () => qc.invalidateQueries({ queryKey: ['rules', communityId] });
  return (
    <>
      <PlainList<HolidayRow>
        toolbar={
          <>
            <Button type="primary" data-testid="holiday-add" onClick={() => setEditing(null)}>
              {t('ui.rules.addHoliday')}
            </Button>
            <Button data-testid="holiday-import" onClick={() => setImporting(true)}>
              {t('ui.rules.importHolidays')}
            </Button>
          </>
        }
        rows={list.data}
        loading={list.isLoading}
        empty={t('ui.rules.noHolidays')}
        columns={[
          { title: t('ui.rules.name'), dataIndex: 'name' },
          { title: t('ui.rules.datefrom'), dataIndex: 'datefrom', width: 140 },
          { title: t('ui.rules.dateto'), dataIndex: 'dateto', width: 140 },
          actionsColumn(
            t('ui.actions'),
            (r) => (
              <RowActions>
                <Button size="small" onClick={() => setEditing(r)}>
                  {t('ui.edit')}
                </Button>
                <DeleteButton testId={`holiday-delete-${r.id}`} onConfirm={() => deleteHoliday(r.id).then(reload)} />
              </RowActions>
            ),
            { width: 160 },
          ),
        ]}
      />
      {editing !== undefined ? <HolidayDialog communityId={communityId} row={editing} onClose={() => setEditing(undefined)} /> : null}
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
