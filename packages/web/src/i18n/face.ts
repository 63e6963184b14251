import { defineMessages } from '@gatehouse/contracts';
import catalogue from './face.json' with { type: 'json' };

/** Face management, the face dialogs and camera, and the door-unit face list. */
export const faceUi = defineMessages(catalogue);
