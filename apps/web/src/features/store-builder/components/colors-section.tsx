import { THEME_COLOR_KEYS, type ThemeColorKey, type ThemeColors } from '@shopfront/core';
import { useFormContext, useWatch } from 'react-hook-form';
import { Button } from '#src/components/ui/button.tsx';
import { getTheme, resolvePalette } from '#src/components/themes/index.ts';
import type { ProfileValues } from '../hooks/use-draft-editor.ts';
import { contrastWarnings, formatRatio, type ContrastWarning } from '../lib/contrast.ts';
import { BuilderSection } from './builder-section.tsx';
import { ColorField } from './color-field.tsx';

/** Spec §3 theme colours, in the order a creator thinks of them. */
export const COLOR_LABELS: Record<ThemeColorKey, { label: string; hint: string }> = {
  backgroundStartColor: { label: 'Background (top)', hint: 'Where the page gradient starts.' },
  backgroundEndColor: { label: 'Background (bottom)', hint: 'Where the gradient ends.' },
  headerBackgroundColor: { label: 'Header background', hint: 'Behind your picture and name.' },
  titleTextColor: { label: 'Title text', hint: 'Your store name.' },
  buttonColor: { label: 'Buttons', hint: 'Links and product buttons.' },
  buttonTextColor: { label: 'Button text', hint: 'The words on buttons.' },
  socialIconsColor: { label: 'Social icons', hint: 'The icons under your name.' },
};
const ORDER = Object.keys(COLOR_LABELS) as ThemeColorKey[];

/** The seven colours over the theme's defaults, each resettable, with WCAG AA contrast warnings. */
export function ColorsSection() {
  const { control, setValue } = useFormContext<ProfileValues>();
  const [themeId, overrides = {}] = useWatch({ control, name: ['theme', 'themeOverrides.colors'] }) as [string, ThemeColors | undefined];
  const theme = getTheme(themeId);
  const palette = resolvePalette(theme, overrides);
  const warnings = contrastWarnings(palette);
  const customised = THEME_COLOR_KEYS.filter((key) => overrides[key] !== undefined);

  const resetAll = () => setValue('themeOverrides.colors', {}, { shouldDirty: true, shouldValidate: true });

  return (
    <BuilderSection
      id="builder-colors"
      title="Colours"
      description={`Start from ${theme.label}'s colours and make them yours.`}
      actions={
        customised.length > 0 ? (
          <Button variant="ghost" className="min-h-9 px-3 text-brand-700" onClick={resetAll}>
            Reset all to theme
          </Button>
        ) : null
      }
    >
      <div aria-live="polite" className="mb-4 empty:hidden">
        {warnings.length > 0 ? <ContrastWarnings warnings={warnings} /> : null}
      </div>
      <div className="grid gap-x-4 gap-y-3 sm:grid-cols-2">
        {ORDER.map((key) => (
          <ColorField
            key={key}
            colorKey={key}
            label={COLOR_LABELS[key].label}
            hint={COLOR_LABELS[key].hint}
            themeDefault={theme.defaults[key]}
            lowContrast={warnings.some((warning) => warning.text === key || warning.background === key)}
          />
        ))}
      </div>
    </BuilderSection>
  );
}

function ContrastWarnings({ warnings }: { warnings: ContrastWarning[] }) {
  return (
    <div role="status" className="rounded-xl bg-amber-50 p-3.5 text-sm text-amber-900 ring-1 ring-inset ring-amber-200">
      <p className="font-semibold">Some text may be hard to read</p>
      <ul className="mt-1 list-disc space-y-0.5 pl-5">
        {warnings.map((warning) => (
          <li key={`${warning.text}-${warning.background}`}>
            {warning.label}: contrast {formatRatio(warning.ratio)}, below the WCAG AA minimum of 4.5:1.
          </li>
        ))}
      </ul>
    </div>
  );
}
