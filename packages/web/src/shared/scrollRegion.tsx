import { Table, type TableProps } from 'antd';
import { type RefObject, useEffect, useRef } from 'react';

const SCROLLS = /auto|scroll/;

/**
 * A table that scrolls inside its frame (antd's `.ant-table-body` when it scrolls down, `.ant-table-content`
 * when it scrolls sideways: on a phone every table that is not a list's does, app/app.css) is a named
 * region a keyboard reaches with Tab and scrolls with the arrow keys (axe-core: scrollable-region-focusable).
 * antd gives no prop for these elements, so the attributes are set on them after each render.
 */
export function useScrollRegion(ref: RefObject<HTMLElement | null>, name: string): void {
  useEffect(() => {
    for (const el of ref.current?.querySelectorAll<HTMLElement>('.ant-table-body, .ant-table-content') ?? []) {
      const style = getComputedStyle(el);
      if (!SCROLLS.test(style.overflowX) && !SCROLLS.test(style.overflowY)) continue;
      el.tabIndex = 0;
      el.setAttribute('role', 'region');
      el.setAttribute('aria-label', name);
    }
  });
}

/** antd's Table whose scroll region is reached by keyboard and named (`name`: already translated). */
export function RegionTable<Row extends object>({ name, ...props }: TableProps<Row> & { name: string }) {
  const ref = useRef<HTMLElement | null>(null);
  useScrollRegion(ref, name);
  return (
    <Table<Row>
      {...props}
      ref={(r) => {
        ref.current = r?.nativeElement ?? null;
      }}
    />
  );
}
