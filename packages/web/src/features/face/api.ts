import { tr } from '../../i18n/index.ts';
import { FACE_STATUSES } from '../../shared/statuses.ts';
import { enumOptions } from '../../shared/valueEnum.tsx';

export const FACES_KEY = ['faces'] as const;
export const GATE_FACES_KEY = ['gateFaces'] as const;

/** Status choices (enable shown as valid, disable as invalid). */
export const statusOptions = () => enumOptions(FACE_STATUSES, tr);
