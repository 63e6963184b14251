/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
import type { Page } from '@playwright/test';

export interface CoveredCell {
  table: number;
  column: string;
  /** How far (px) the cell still reaches under the fixed columns once the table is scrolled to its end. */
  under: number;
}

export interface TableLayout {
  tables: number;
  rows: number[];
  covered: CoveredCell[];
  /** The most buttons one row shows in its fixed Actions cell (RowActions keeps it at three). */
  maxActions: number;
  /** Header labels and values cut off without an ellipsis and a tooltip (title) that shows them whole. */
  clipped: { table: number; column: string; text: string }[];
}

/**
 * The layout of the lists on the screen. A cell that is not fixed may lie under the fixed
 * Actions column at scroll 0 only if the table scrolls: so the table is scrolled to its end
 * (scrollLeft = scrollWidth) and then every non-fixed header and body cell must end at or
 * before the left edge of the first fixed-right cell of its row (1 px for sub-pixel
 * rounding). A table without fixed columns cannot cover anything. Scroll is put back to 0.
 */
export async function tableLayout(page: Page): Promise<TableLayout> {
  // Scroll every table to its end first, then measure in the next frame.
  await page.evaluate(async () => {
    for (const el of document.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body, .ant-table-header')) {
      el.scrollLeft = el.scrollWidth;
    }
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  });
  const out = await page.evaluate(() => {
    const tables = [...document.querySelectorAll<HTMLElement>('.ant-table-wrapper')].filter((t) => t.offsetParent !== null);
    const covered: { table: number; column: string; under: number }[] = [];
    const clipped: { table: number; column: string; text: string }[] = [];
    const rows: number[] = [];
    let maxActions = 0;
    for (const td of document.querySelectorAll<HTMLElement>('tbody td.ant-table-cell-fix-end')) {
      maxActions = Math.max(maxActions, td.querySelectorAll('button').length);
    }
    tables.forEach((t, ti) => {
      rows.push(t.querySelectorAll('.ant-table-tbody > tr.ant-table-row').length);
      const trs = t.querySelectorAll<HTMLTableRowElement>('thead > tr, tbody > tr.ant-table-row');
      const heads = [...t.querySelectorAll<HTMLElement>('thead > tr > th')].map((h) => h.textContent.trim());
      for (const tr of trs) {
        const cells = [...tr.children] as HTMLElement[];
        cells.forEach((c, i) => {
          if (c.classList.contains('ant-table-selection-column') || c.classList.contains('ant-table-cell-scrollbar')) return;
          // A cell whose content is wider than its box: allowed only as an ellipsis that carries the whole text.
          const inner = c.querySelector<HTMLElement>('.ant-table-cell-content, .ant-table-column-title') ?? c;
          const over = c.scrollWidth > c.clientWidth + 1 || inner.scrollWidth > inner.clientWidth + 1;
          if (!over) return;
          const titled = !!(c.title || c.querySelector('[title]') || c.querySelector('[aria-describedby]'));
          const ellipsis = c.classList.contains('ant-table-cell-ellipsis');
          if (!(ellipsis && titled)) clipped.push({ table: ti, column: heads[i] || `#${i}`, text: c.textContent.slice(0, 40) });
        });
        const fixed = cells.filter((c) => c.classList.contains('ant-table-cell-fix-end'));
        if (!fixed.length) continue;
        const edge = Math.min(...fixed.map((c) => c.getBoundingClientRect().left));
        cells.forEach((c, i) => {
          if (c.classList.contains('ant-table-cell-fix-end') || c.classList.contains('ant-table-cell-fix-start')) return;
          if (c.classList.contains('ant-table-cell-scrollbar')) return;
          const r = c.getBoundingClientRect();
          if (r.width === 0) return;
          const under = r.right - edge;
          if (under > 1) covered.push({ table: ti, column: heads[i] || `#${i}`, under: Math.round(under) });
        });
      }
    });
    return { tables: tables.length, rows, covered, clipped, maxActions };
  });
  await page.evaluate(() => {
    for (const el of document.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body, .ant-table-header')) {
      el.scrollLeft = 0;
    }
  });
  return out;
}
