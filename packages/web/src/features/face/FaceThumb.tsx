import { UserOutlined } from '@ant-design/icons';
import { useEffect, useRef, useState } from 'react';
import { facePhotoObjectUrl } from './api.ts';

const SIZE = 32;

/**
 * A face's photo as a small thumbnail in a list row: fetched only once the row scrolls into
 * view (lazily, like loading="lazy", which the <img> also carries), from the scoped photo route
 * through the browser's cache; a grey placeholder until then or when it cannot be shown.
 */
export function FaceThumb({ photoUrl, alt }: { photoUrl: string; alt: string }) {
  const box = useRef<HTMLSpanElement>(null);
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let url: string | null = null;
    let gone = false;
    const io = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      io.disconnect();
      void facePhotoObjectUrl(photoUrl).then((u) => {
        if (gone) {
          if (u) URL.revokeObjectURL(u);
          return;
        }
        url = u;
        setSrc(u);
      });
    });
    io.observe(el);
    return () => {
      gone = true;
      io.disconnect();
      if (url) URL.revokeObjectURL(url);
    };
  }, [photoUrl]);
  return (
    <span
      ref={box}
      data-testid="face-thumb"
      style={{
        display: 'inline-flex',
        width: SIZE,
        height: SIZE,
        borderRadius: 4,
        overflow: 'hidden',
        background: '#f0f0f0',
        alignItems: 'center',
        justifyContent: 'center',
      }}
    >
      {src ? (
        <img src={src} alt={alt} loading="lazy" width={SIZE} height={SIZE} style={{ objectFit: 'cover' }} />
      ) : (
        <UserOutlined aria-hidden style={{ color: '#8c8c8c' }} />
      )}
    </span>
  );
}
