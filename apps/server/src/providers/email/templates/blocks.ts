import { escapeHtml } from './escape-html.ts';

/**
 * The pieces an email body is made of. Each block renders to an HTML table row and to the
 * matching lines of the text part, so both parts always carry the same content.
 */
export type EmailBlock =
  | { kind: 'paragraph'; text: string }
  | { kind: 'code'; code: string }
  /** A button plus the same URL as plain text, for clients that block or mangle buttons. */
  | { kind: 'action'; label: string; url: string }
  | { kind: 'note'; text: string };

const FONT = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
const MONO = "'SFMono-Regular',Menlo,Consolas,'Liberation Mono','Courier New',monospace";

export const STYLE = {
  font: FONT,
  text: `font-family:${FONT};font-size:16px;line-height:24px;color:#27272a;`,
  note: `font-family:${FONT};font-size:13px;line-height:20px;color:#71717a;`,
} as const;

export function blockToHtml(block: EmailBlock): string {
  switch (block.kind) {
    case 'paragraph':
      return row(`<p style="margin:0;${STYLE.text}">${escapeHtml(block.text)}</p>`);
    case 'note':
      return row(`<p style="margin:0;${STYLE.note}">${escapeHtml(block.text)}</p>`);
    case 'code':
      return row(
        `<table role="presentation" cellpadding="0" cellspacing="0" border="0"><tr>` +
          `<td style="padding:12px 20px;background-color:#f4f4f5;border:1px solid #e4e4e7;border-radius:6px;` +
          `font-family:${MONO};font-size:32px;line-height:40px;font-weight:700;letter-spacing:8px;color:#18181b;">` +
          `${escapeHtml(block.code)}</td></tr></table>`,
      );
    case 'action': {
      const href = escapeHtml(block.url);
      return (
        row(
          `<table role="presentation" cellpadding="0" cellspacing="0" border="0"><tr>` +
            `<td align="center" bgcolor="#18181b" style="border-radius:6px;background-color:#18181b;">` +
            `<a href="${href}" target="_blank" rel="noopener" style="display:inline-block;padding:12px 28px;` +
            `font-family:${FONT};font-size:16px;line-height:24px;font-weight:700;color:#ffffff;text-decoration:none;` +
            `border-radius:6px;">${escapeHtml(block.label)}</a></td></tr></table>`,
        ) +
        row(
          `<p style="margin:0;${STYLE.note}">If the button does not work, copy this link into your browser:<br>` +
            `<a href="${href}" target="_blank" rel="noopener" style="color:#2563eb;word-break:break-all;">${href}</a></p>`,
        )
      );
    }
  }
}

export function blockToText(block: EmailBlock): string {
  switch (block.kind) {
    case 'paragraph':
    case 'note':
      return block.text;
    case 'code':
      return `    ${block.code}`;
    case 'action':
      return `${block.label}:\n${block.url}`;
  }
}

function row(content: string): string {
  return `<tr><td style="padding:0 32px 20px 32px;">${content}</td></tr>`;
}
