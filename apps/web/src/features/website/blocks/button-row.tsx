import { safeHref } from '../format.ts';
import type { ButtonRowProps } from '../types.ts';
import type { BlockComponentProps } from './block-props.ts';

/** One to four buttons side by side (stacked full width on phones). */
export function ButtonRowBlock({ buttons }: BlockComponentProps<ButtonRowProps>) {
  const shown = buttons.flatMap((button) => {
    const href = safeHref(button.href);
    return href && button.label ? [{ ...button, href }] : [];
  });
  if (shown.length === 0) return null;
  return (
    <div className="ws-block ws-button-row">
      {shown.map((button, index) => (
        <a key={`${index}-${button.href}`} className="ws-button" data-style={button.style === 'secondary' ? 'secondary' : 'primary'} href={button.href}>
          {button.label}
        </a>
      ))}
    </div>
  );
}
