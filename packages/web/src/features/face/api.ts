import { HOLDER_STATUSES } from '@gatehouse/contracts';
import { tr } from '../../i18n/index.ts';

export const FACES_KEY = ['faces'] as const;
export const GATE_FACES_KEY = ['gateFaces'] as const;

/** Status choices (enable shown as valid, disable as invalid). */
export const statusOptions = () => HOLDER_STATUSES.map((s) => ({ value: s, label: tr(`ui.face.status.${s}`) }));
