import { useFormContext, useWatch } from 'react-hook-form';
import { cn } from '#src/components/ui/cn.ts';
import { THEME_LIST, type ThemeDefinition } from '#src/components/themes/index.ts';
import type { ProfileValues } from '../hooks/use-draft-editor.ts';
import { BuilderSection } from './builder-section.tsx';

/** The theme picker: a radio group of cards, each a small picture of the theme in its own colours. */
export function ThemeSection() {
  const { control, register } = useFormContext<ProfileValues>();
  const selected = useWatch({ control, name: 'theme' });
  return (
    <BuilderSection id="builder-theme" title="Theme" description="The look of your whole store. Your colour choices below go on top of it.">
      <fieldset>
        <legend className="sr-only">Theme</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {THEME_LIST.map((theme) => (
            <label
              key={theme.id}
              className={cn(
                'group relative cursor-pointer rounded-xl p-2 ring-2 transition has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
                selected === theme.id ? 'ring-brand-600' : 'ring-slate-200 hover:ring-slate-300',
              )}
            >
              <input type="radio" value={theme.id} className="sr-only" {...register('theme')} />
              <ThemeThumbnail theme={theme} />
              <span className="mt-2 flex items-center justify-between gap-2 px-1">
                <span className="font-semibold text-slate-900">{theme.label}</span>
                {selected === theme.id ? <span className="rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white">Selected</span> : null}
              </span>
              <span className="mt-0.5 block px-1 pb-1 text-xs text-slate-600">{theme.description}</span>
            </label>
          ))}
        </div>
      </fieldset>
    </BuilderSection>
  );
}

function ThemeThumbnail({ theme }: { theme: ThemeDefinition }) {
  const c = theme.defaults;
  return (
    <span
      aria-hidden="true"
      className="flex h-32 flex-col items-center gap-1.5 overflow-hidden rounded-lg px-4 pt-3"
      style={{ background: `linear-gradient(170deg, ${c.backgroundStartColor}, ${c.backgroundEndColor})` }}
    >
      <span className="flex w-full flex-col items-center gap-1 rounded-md py-1.5" style={{ background: c.headerBackgroundColor }}>
        <span className="size-6 rounded-full" style={{ background: `linear-gradient(140deg, ${c.buttonColor}, ${c.titleTextColor})` }} />
        <span className="text-[0.6875rem] font-bold leading-none" style={{ color: c.titleTextColor, fontFamily: theme.fonts.heading }}>
          Your Store
        </span>
        <span className="flex gap-1">
          {[0, 1, 2].map((i) => (
            <span key={i} className="size-1.5 rounded-full" style={{ background: c.socialIconsColor }} />
          ))}
        </span>
      </span>
      {[0, 1].map((i) => (
        <span key={i} className="h-3.5 w-full rounded-full" style={{ background: c.buttonColor, boxShadow: theme.id === 'neon-pulse' ? `0 0 8px ${c.buttonColor}` : undefined }}>
          <span className="mx-auto mt-[5px] block h-1 w-1/3 rounded-full opacity-80" style={{ background: c.buttonTextColor }} />
        </span>
      ))}
    </span>
  );
}
