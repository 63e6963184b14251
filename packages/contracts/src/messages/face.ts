import { defineMessages } from './define.ts';
import catalogue from './face.json' with { type: 'json' };

/** Faces (001 §2 "Face management", §5 face rules, §8 user messages). */
export const faceMessages = defineMessages(catalogue);
