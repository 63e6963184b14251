import { credentialDependent } from '../../db/dependents.ts';

/** Faces: on a community, a household and door units (as household or as configured door unit). */
export const faceDependent = credentialDependent('dep.faces', 'face', { table: 'face_gate', holder: 'face_id' });
