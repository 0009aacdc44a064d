import { useGetPuck } from '@puckeditor/core';
import type { BlockType } from '@shopfront/core';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import { BLOCK_LABELS } from '../lib/block-defaults.ts';
import { WEBSITE_PUCK_CONFIG } from '../lib/puck-config.tsx';

/** Puck's top-level drop zone (its `rootDroppableId`). */
const ROOT_ZONE = 'root:default-zone';
const GROUPS = Object.entries(WEBSITE_PUCK_CONFIG.categories ?? {}).map(([key, { title, components = [] }]) => ({ key, title: title ?? key, types: components as BlockType[] }));

/**
 * Puck's drawer adds blocks by dragging only. This adds the chosen block (with its defaults) at
 * the end of the page from the keyboard, the way Puck's own insert does (one undo step, the new
 * block selected so its fields open), and says what happened to a screen reader.
 */
export function AddBlockControl() {
  const getPuck = useGetPuck();
  const selectId = useId();
  const [type, setType] = useState<BlockType>('Hero');
  const [announcement, setAnnouncement] = useState('');

  const add = (event: FormEvent) => {
    event.preventDefault();
    const { appState, dispatch } = getPuck();
    const index = appState.data.content.length;
    dispatch({ type: 'insert', componentType: type, destinationIndex: index, destinationZone: ROOT_ZONE, recordHistory: true });
    dispatch({ type: 'setUi', ui: { itemSelector: { index, zone: ROOT_ZONE } } });
    setAnnouncement(`${BLOCK_LABELS[type]} added at the end of the page, block ${index + 1} of ${index + 1}. Its fields are open for editing.`);
  };

  return (
    <form onSubmit={add} className="flex items-center gap-2" aria-label="Add a block">
      <label htmlFor={selectId} className="sr-only">
        Block to add
      </label>
      <select
        id={selectId}
        value={type}
        onChange={(event) => setType(event.target.value as BlockType)}
        className="min-h-10 rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 focus:outline-2 focus:outline-brand-600"
      >
        {GROUPS.map((group) => (
          <optgroup key={group.key} label={group.title}>
            {group.types.map((option) => (
              <option key={option} value={option}>
                {BLOCK_LABELS[option]}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      <Button type="submit" variant="secondary" className="min-h-10 px-3">
        Add block
      </Button>
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </form>
  );
}
