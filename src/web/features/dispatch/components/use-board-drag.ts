import { useCallback, useEffect, useRef, type PointerEvent as ReactPointerEvent, type RefObject } from 'react';
import { addDays } from '../../../../domain/dates';
import type { BoardJob } from '../../../../domain/dispatch';
import { HOUR_WIDTH_PX, minutesAt } from '../board-layout';
import { clockLabel, dayHeading } from '../board-period';

/** Where a dragged job was dropped: the tray (unschedule), or a row on a day at a time (null: keep the job's time). */
export type DropTarget = { kind: 'tray' } | { kind: 'slot'; row: string; date: string; minutes: number | null };
/** What is dragged: a block of a row, or a card of the tray (row null). */
export interface DragSource {
  job: BoardJob;
  row: string | null;
}

const DRAG_THRESHOLD_PX = 5;

/** The day under x in a week or month row track (a grid of equal day columns from data-drop-first-day). */
export function dayAt(track: HTMLElement, x: number): string | null {
  const first = track.dataset.dropFirstDay;
  const width = Number(track.dataset.dropColumnWidth);
  const count = Number(track.dataset.dropDayCount);
  if (!first || !(width > 0) || !(count > 0)) return null;
  const index = Math.floor((x - track.getBoundingClientRect().left) / width);
  return index >= 0 && index < count ? addDays(first, index) : null;
}
const EDGE_PX = 40;
const EDGE_SPEED_PX = 14;

interface Drag {
  source: DragSource;
  element: HTMLElement;
  pointerId: number;
  startX: number;
  startY: number;
  grabX: number;
  x: number;
  y: number;
  ghost: HTMLElement | null;
  label: HTMLElement | null;
  frame: number;
  /** the day columns' x ranges (week and month views) or the day track's left edge (day view), read once when the drag starts */
  columns: { date: string; left: number; right: number }[];
  trackLeft: number | null;
  scrollLeftAtStart: number;
  scrollBox: { left: number; right: number; top: number; bottom: number } | null;
}

/**
 * Dragging job blocks with pointer events. The only work per frame is a transform on a clone of
 * the dragged block (and the time it would land on, in its label): the board itself does not
 * re-render until the drop. The geometry it needs is read once when the drag starts. Moving more
 * than 5px starts a drag; less is a click on the block's link. Escape cancels.
 */
export function useBoardDrag({
  enabled,
  view,
  scrollRef,
  onDrop,
}: {
  enabled: boolean;
  view: 'day' | 'week' | 'month';
  scrollRef: RefObject<HTMLElement | null>;
  onDrop: (source: DragSource, target: DropTarget) => void;
}) {
  const drag = useRef<Drag | null>(null);
  const latest = useRef({ enabled, view, onDrop });
  latest.current = { enabled, view, onDrop };

  const cleanup = useCallback((d: Drag) => {
    cancelAnimationFrame(d.frame);
    d.ghost?.remove();
    d.element.style.opacity = '';
    window.removeEventListener('pointermove', onMove);
    window.removeEventListener('pointerup', onUp);
    window.removeEventListener('pointercancel', onCancel);
    window.removeEventListener('keydown', onKey, true);
    drag.current = null;
    // The listeners are module-stable functions defined below (hoisted).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function preview(d: Drag): string {
    const scroller = scrollRef.current;
    const scrolled = scroller ? scroller.scrollLeft - d.scrollLeftAtStart : 0;
    if (d.trackLeft !== null) return clockLabel(minutesAt(d.x - d.grabX - d.trackLeft + scrolled, HOUR_WIDTH_PX));
    const column = d.columns.find((c) => d.x >= c.left - scrolled && d.x < c.right - scrolled);
    if (!column) return '';
    const heading = dayHeading(column.date);
    return `${heading.weekday} ${heading.date}`;
  }

  function frame() {
    const d = drag.current;
    if (!d || !d.ghost) return;
    const scroller = scrollRef.current;
    const box = d.scrollBox;
    if (scroller && box) {
      if (d.x > box.right - EDGE_PX && d.x < box.right + EDGE_PX) scroller.scrollLeft += EDGE_SPEED_PX;
      else if (d.x < box.left + EDGE_PX && d.x > box.left - EDGE_PX) scroller.scrollLeft -= EDGE_SPEED_PX;
      if (d.y > box.bottom - EDGE_PX && d.y < box.bottom + EDGE_PX) scroller.scrollTop += EDGE_SPEED_PX;
      else if (d.y < box.top + EDGE_PX && d.y > box.top - EDGE_PX) scroller.scrollTop -= EDGE_SPEED_PX;
    }
    d.ghost.style.transform = `translate3d(${d.x - d.startX}px, ${d.y - d.startY}px, 0)`;
    if (d.label) d.label.textContent = preview(d);
    d.frame = requestAnimationFrame(frame);
  }

  function begin(d: Drag) {
    const rect = d.element.getBoundingClientRect();
    const ghost = d.element.cloneNode(true) as HTMLElement;
    ghost.removeAttribute('id');
    ghost.setAttribute('aria-hidden', 'true');
    ghost.inert = true;
    Object.assign(ghost.style, {
      position: 'fixed',
      left: `${rect.left}px`,
      top: `${rect.top}px`,
      width: `${rect.width}px`,
      height: `${rect.height}px`,
      margin: '0',
      zIndex: '60',
      pointerEvents: 'none',
      willChange: 'transform',
      boxShadow: '0 10px 25px rgba(15, 23, 42, 0.25)',
    });
    ghost.dataset.dragGhost = 'true';
    const label = document.createElement('span');
    label.className = 'absolute -top-6 left-0 rounded bg-slate-900 px-1.5 py-0.5 text-xs font-medium text-white';
    ghost.appendChild(label);
    document.body.appendChild(ghost);
    d.element.style.opacity = '0.35';
    d.ghost = ghost;
    d.label = label;
    d.scrollLeftAtStart = scrollRef.current?.scrollLeft ?? 0;
    const box = scrollRef.current?.getBoundingClientRect();
    d.scrollBox = box ? { left: box.left, right: box.right, top: box.top, bottom: box.bottom } : null;
    if (latest.current.view === 'day') {
      const track = document.querySelector<HTMLElement>('[data-drop-row]');
      d.trackLeft = track ? track.getBoundingClientRect().left : null;
    } else {
      d.columns = [...document.querySelectorAll<HTMLElement>('[data-day-column]')].map((el) => {
        const r = el.getBoundingClientRect();
        return { date: el.dataset.dayColumn!, left: r.left, right: r.right };
      });
    }
    d.frame = requestAnimationFrame(frame);
  }

  function targetAt(d: Drag): DropTarget | null {
    // Every element under the pointer, top first: a toast over the board does not swallow the drop.
    for (const hit of document.elementsFromPoint(d.x, d.y)) {
      if (hit.closest('[role="dialog"], [role="alertdialog"]')) return null;
      if (hit.closest('[data-drop-tray]')) return { kind: 'tray' };
      const cell = hit.closest<HTMLElement>('[data-drop-row]');
      if (!cell) continue;
      const row = cell.dataset.dropRow!;
      const date = cell.dataset.dropDate ?? dayAt(cell, d.x);
      if (!date) continue;
      if (latest.current.view !== 'day') return { kind: 'slot', row, date, minutes: null };
      const left = cell.getBoundingClientRect().left;
      return { kind: 'slot', row, date, minutes: minutesAt(d.x - d.grabX - left, HOUR_WIDTH_PX) };
    }
    return null;
  }

  function onMove(event: PointerEvent) {
    const d = drag.current;
    if (!d || event.pointerId !== d.pointerId) return;
    d.x = event.clientX;
    d.y = event.clientY;
    if (!d.ghost && Math.hypot(d.x - d.startX, d.y - d.startY) > DRAG_THRESHOLD_PX) begin(d);
    if (d.ghost) event.preventDefault();
  }

  function onUp(event: PointerEvent) {
    const d = drag.current;
    if (!d || event.pointerId !== d.pointerId) return;
    const started = d.ghost !== null;
    d.x = event.clientX;
    d.y = event.clientY;
    if (d.ghost) d.ghost.style.display = 'none';
    const target = started ? targetAt(d) : null;
    cleanup(d);
    if (!started) return;
    // The pointer-up of a drag is not a click on the block's link.
    const swallow = (e: Event) => {
      e.preventDefault();
      e.stopPropagation();
    };
    window.addEventListener('click', swallow, { capture: true, once: true });
    setTimeout(() => window.removeEventListener('click', swallow, { capture: true }), 0);
    if (target) latest.current.onDrop(d.source, target);
  }

  function onCancel(event: PointerEvent) {
    const d = drag.current;
    if (d && event.pointerId === d.pointerId) cleanup(d);
  }

  function onKey(event: KeyboardEvent) {
    const d = drag.current;
    if (d && event.key === 'Escape') {
      event.preventDefault();
      cleanup(d);
    }
  }

  useEffect(
    () => () => {
      if (drag.current) cleanup(drag.current);
    },
    [cleanup],
  );

  /** Stable: rows and blocks keep it across renders (they are memoized). */
  const onPointerDown = useCallback((event: ReactPointerEvent<HTMLElement>, source: DragSource) => {
    if (!latest.current.enabled || event.button !== 0 || drag.current) return;
    // The block's own Reschedule button is a button, not a handle.
    if ((event.target as HTMLElement).closest('button')) return;
    const element = event.currentTarget;
    const rect = element.getBoundingClientRect();
    drag.current = {
      source,
      element,
      pointerId: event.pointerId,
      startX: event.clientX,
      startY: event.clientY,
      grabX: event.clientX - rect.left,
      x: event.clientX,
      y: event.clientY,
      ghost: null,
      label: null,
      frame: 0,
      columns: [],
      trackLeft: null,
      scrollLeftAtStart: 0,
      scrollBox: null,
    };
    window.addEventListener('pointermove', onMove);
    window.addEventListener('pointerup', onUp);
    window.addEventListener('pointercancel', onCancel);
    window.addEventListener('keydown', onKey, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return { onPointerDown };
}
