import { tableHeightFor } from '@gatehouse/contracts';
import { useEffect, useState } from 'react';

/** Table body height 360/460/560 by window height (000 §9). */
export function useTableHeight(): number {
  const [h, setH] = useState(() => tableHeightFor(window.innerHeight));
  useEffect(() => {
    const on = () => setH(tableHeightFor(window.innerHeight));
    window.addEventListener('resize', on);
    return () => window.removeEventListener('resize', on);
  }, []);
  return h;
}
