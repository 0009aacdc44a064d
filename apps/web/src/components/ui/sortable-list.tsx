import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { cn } from './cn.ts';

interface SortableListProps {
  ids: string[];
  /** The item's name for screen-reader announcements ("Mug guide"). */
  nameOf: (id: string) => string;
  onReorder: (ids: string[]) => void;
  renderItem: (id: string, handle: ReactNode) => ReactNode;
  /** Labels the list (e.g. "Products in storefront order"). */
  label: string;
  className?: string;
}

/**
 * A vertical list reordered by dragging a handle (mouse, touch) or with the keyboard: focus the
 * handle, Space to pick up, arrows to move, Space to drop, Escape to cancel. Every step is announced.
 */
export function SortableList({ ids, nameOf, onReorder, renderItem, label, className }: SortableListProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const position = (id: UniqueIdentifier) => ids.indexOf(String(id)) + 1;
  const name = (id: UniqueIdentifier) => `“${nameOf(String(id))}”`;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${name(active.id)}. It is in position ${position(active.id)} of ${ids.length}.`,
    onDragOver: ({ active, over }) => (over ? `${name(active.id)} moved to position ${position(over.id)} of ${ids.length}.` : `${name(active.id)} is no longer over the list.`),
    onDragEnd: ({ active, over }) => (over ? `${name(active.id)} dropped in position ${position(over.id)} of ${ids.length}.` : `${name(active.id)} dropped.`),
    onDragCancel: ({ active }) => `Moving cancelled. ${name(active.id)} is back in position ${position(active.id)}.`,
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from < 0 || to < 0) return;
    onReorder(arrayMove(ids, from, to));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable: 'To reorder, press Space or Enter to pick up, use the arrow keys to move, then Space or Enter to drop. Press Escape to cancel.',
        },
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ul aria-label={label} className={cn('space-y-2', className)}>
          {ids.map((id, index) => (
            <SortableItem key={id} id={id} index={index} name={nameOf(id)} render={renderItem} />
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}

function SortableItem({ id, index, name, render }: { id: string; index: number; name: string; render: SortableListProps['renderItem'] }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  const handle = (
    <DragHandle
      ref={setActivatorNodeRef}
      label={`Reorder “${name}”`}
      {...attributes}
      {...(listeners as ButtonHTMLAttributes<HTMLButtonElement>)}
    />
  );
  return (
    <li
      ref={setNodeRef}
      data-sort-index={index}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cn('relative', isDragging && 'z-10 opacity-90 shadow-lg')}
    >
      {render(id, handle)}
    </li>
  );
}

function DragHandle({ label, ref, ...props }: ButtonHTMLAttributes<HTMLButtonElement> & { label: string; ref: (node: HTMLElement | null) => void }) {
  return (
    <button
      ref={ref}
      type="button"
      {...props}
      aria-label={label}
      title="Drag to reorder"
      className="inline-flex size-10 shrink-0 cursor-grab touch-none items-center justify-center rounded-lg text-slate-400 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-600 active:cursor-grabbing"
    >
      <svg viewBox="0 0 20 20" fill="currentColor" className="size-5" aria-hidden="true">
        {[5, 10, 15].flatMap((y) => [7.5, 12.5].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.4" />))}
      </svg>
    </button>
  );
}
