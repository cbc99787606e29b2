import { useRef } from 'react';

/** Moves the item at `from` to `to` (a new array). */
export function moveItem<T>(list: T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/**
 * HTML5 drag and drop between named lists: props for a draggable item and for a drop target
 * (an item, dropped before it, or a whole list, dropped at its end). `onMove` gets the source
 * list and index and the target list and index.
 */
export function useDragList(onMove: (from: { list: string; index: number }, to: { list: string; index: number }) => void) {
  const dragged = useRef<{ list: string; index: number } | null>(null);
  const item = (list: string, index: number) => ({
    draggable: true,
    onDragStart: (e: React.DragEvent) => {
      dragged.current = { list, index };
      e.dataTransfer.effectAllowed = 'move';
      e.dataTransfer.setData('text/plain', `${list}:${index}`);
    },
    onDragOver: (e: React.DragEvent) => e.preventDefault(),
    onDrop: (e: React.DragEvent) => {
      e.preventDefault();
      e.stopPropagation();
      if (dragged.current) onMove(dragged.current, { list, index });
      dragged.current = null;
    },
  });
  const container = (list: string, length: number) => ({
    onDragOver: (e: React.DragEvent) => e.preventDefault(),
    onDrop: (e: React.DragEvent) => {
      e.preventDefault();
      if (dragged.current) onMove(dragged.current, { list, index: length });
      dragged.current = null;
    },
  });
  return { item, container };
}
