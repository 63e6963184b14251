import { ACCESS_TYPES, CARD_MODES, OPEN_TYPES } from '@gatehouse/contracts';
import type { FilterOption } from '../../shared/FilterBar.tsx';

type Tr = (key: string) => string;

/** Select options of the coded filters, labelled by the server catalogue (`eventlog.type.N` …). */
export const typeOptions = (t: Tr): FilterOption[] => ACCESS_TYPES.map((v) => ({ value: v, label: t(`eventlog.type.${v}`) }));
export const openTypeOptions = (t: Tr): FilterOption[] => OPEN_TYPES.map((v) => ({ value: v, label: t(`eventlog.type.${v}`) }));
export const cardModeOptions = (t: Tr): FilterOption[] => CARD_MODES.map((v) => ({ value: v, label: t(`eventlog.cardMode.${v}`) }));
