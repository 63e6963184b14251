import { LIMITS } from '@gatehouse/contracts';
import { describe, expect, it } from 'vitest';
import { photoFileProblem } from './photo.ts';

describe('photoFileProblem (001 §5: JPEG, under 1 MB)', () => {
  it('accepts a JPEG under 1 MB, by type or, without a type, by name', () => {
    expect(photoFileProblem({ type: 'image/jpeg', name: 'a.png', size: 1000 })).toBeNull();
    expect(photoFileProblem({ type: '', name: 'face.JPG', size: 1000 })).toBeNull();
    expect(photoFileProblem({ type: '', name: 'face.jpeg', size: LIMITS.facePhotoBytes - 1 })).toBeNull();
  });
  it('refuses other types', () => {
    expect(photoFileProblem({ type: 'image/png', name: 'face.jpg', size: 1000 })).toBe('face.notJpeg');
    expect(photoFileProblem({ type: '', name: 'face.gif', size: 1000 })).toBe('face.notJpeg');
  });
  it('refuses 1 MB and more', () => {
    expect(photoFileProblem({ type: 'image/jpeg', name: 'a.jpg', size: LIMITS.facePhotoBytes })).toBe('face.tooLarge');
  });
});
