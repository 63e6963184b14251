import { Alert, Button, Form, Select, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useT } from '../../i18n/index.ts';
import { type Holder, setHolderGroups, useHolderGroups } from './api.ts';

/**
 * The access groups of a card or face, offered in its door-unit dialog: it goes to every
 * door unit of the chosen groups and opens there by the group's schedule. Saved on its own button.
 */
export function HolderGroupsPicker({ kind, id }: { kind: Holder; id: number }) {
  const { t } = useT();
  const info = useHolderGroups(kind, id);
  const [value, setValue] = useState<number[]>([]);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (info.data) setValue(info.data.selected);
  }, [info.data]);
  const save = async () => {
    setSaving(true);
    try {
      const a = await setHolderGroups(kind, id, value);
      setValue(a.selected);
    } catch {
      // the error toast has been shown
    } finally {
      setSaving(false);
    }
  };
  return (
    <Form layout="vertical" data-testid="card-groups" style={{ marginTop: 16 }}>
      <Form.Item label={t('ui.rules.cardGroups')} extra={t('ui.rules.cardGroupsHint')}>
        <Space.Compact style={{ width: '100%' }}>
          <Select
            mode="multiple"
            allowClear
            optionFilterProp="label"
            data-testid="card-groups-select"
            style={{ width: '100%' }}
            loading={info.isLoading}
            value={value}
            onChange={setValue}
            options={(info.data?.groups ?? []).map((g) => ({ value: g.id, label: `${g.name} (${g.scheduleName})` }))}
          />
          <Button type="primary" loading={saving} disabled={!info.data} data-testid="card-groups-save" onClick={() => void save()}>
            {t('ui.rules.saveGroups')}
          </Button>
        </Space.Compact>
      </Form.Item>
      {info.isError ? <Alert type="error" showIcon message={t('err.internal')} /> : null}
    </Form>
  );
}
