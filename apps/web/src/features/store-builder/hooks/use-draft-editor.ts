import { zodResolver } from '@hookform/resolvers/zod';
import { StoreProfileSchema, type StoreProfile } from '@shopfront/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { STORE_KEYS } from '#src/lib/store-keys.ts';
import { useAutosave } from '#src/lib/use-autosave.ts';
import { saveStoreDraft, useMarkDraftSaved } from '../api/draft-api.ts';
import { decideServerDraft, rememberSaved, stableJson } from '../lib/draft-sync.ts';
import { usePreviewEvents } from './use-preview-events.ts';

const AUTOSAVE_DELAY_MS = 600;

export type ProfileValues = z.input<typeof StoreProfileSchema>;

/**
 * The builder's form and its two-way sync: every valid edit is autosaved to the draft (debounced),
 * and drafts pushed by the server (another tab, a publish) replace the form when this tab is idle.
 */
export function useDraftEditor(storeId: string, initial: StoreProfile) {
  const queryClient = useQueryClient();
  const form = useForm<ProfileValues, unknown, StoreProfile>({ resolver: zodResolver(StoreProfileSchema), mode: 'onChange', defaultValues: initial });
  const markSaved = useMarkDraftSaved(storeId);
  const synced = useRef(stableJson(initial));
  const recentlySaved = useRef(new Set<string>());
  const invalid = useRef(false);
  const [hasInvalid, setHasInvalid] = useState(false);

  const { saver, state } = useAutosave<StoreProfile>(async (profile) => {
    const { updatedAt } = await saveStoreDraft(storeId, profile);
    rememberSaved(recentlySaved.current, stableJson(profile));
    markSaved(profile, updatedAt);
  }, AUTOSAVE_DELAY_MS);

  useEffect(
    () =>
      form.subscribe({
        formState: { values: true },
        callback: ({ values }) => {
          const parsed = StoreProfileSchema.safeParse(values);
          invalid.current = !parsed.success;
          setHasInvalid(!parsed.success);
          if (!parsed.success) return;
          const json = stableJson(parsed.data);
          if (json === synced.current) return;
          synced.current = json;
          saver.schedule(parsed.data);
        },
      }),
    [form, saver],
  );

  /** Puts a profile from the server into the form without saving it back. */
  const replaceWith = (profile: StoreProfile) => {
    synced.current = stableJson(profile);
    form.reset(profile);
  };

  const connection = usePreviewEvents(storeId, (profile) => {
    const values = form.getValues();
    const parsed = StoreProfileSchema.safeParse(values);
    const decision = decideServerDraft({
      incoming: stableJson(profile),
      current: stableJson(parsed.success ? parsed.data : values),
      hasUnsavedLocal: saver.hasUnsaved() || invalid.current,
      recentlySaved: recentlySaved.current,
    });
    if (decision !== 'apply') return;
    replaceWith(profile);
    // Another tab may have published or discarded: `hasDraft` is the server's to say.
    void queryClient.invalidateQueries({ queryKey: STORE_KEYS.draft(storeId) });
  });

  return { form, saver, saveState: state, hasInvalid, connection, replaceWith };
}
