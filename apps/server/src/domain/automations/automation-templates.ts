// Exports automationTemplate: the three common flows a creator starts from, as plain data.
import type { AutomationStep, AutomationTemplate, AutomationTrigger, EmailBlock } from '@shopfront/core';

interface Template {
  name: string;
  trigger: AutomationTrigger;
  steps: AutomationStep[];
}

const email = (id: string, subject: string, heading: string, text: string): AutomationStep => ({
  id,
  type: 'email',
  subject,
  previewText: '',
  body: [
    { id: `${id}-h`, type: 'heading', text: heading },
    { id: `${id}-t`, type: 'text', html: `<p>${text}</p>` },
  ] satisfies EmailBlock[],
});
const waitDays = (id: string, amount: number): AutomationStep => ({ id, type: 'wait', wait: { mode: 'duration', amount, unit: 'days' } });

const TEMPLATES: Record<AutomationTemplate, Template> = {
  'lead-magnet-welcome': {
    name: 'Lead magnet welcome',
    trigger: { kind: 'joined', source: 'lead-magnet', productId: null },
    steps: [
      email('welcome-1', 'Here is your free download', 'Welcome!', 'Thanks for grabbing the freebie. Here is what to do with it first.'),
      waitDays('wait-1', 1),
      email('welcome-2', 'The one thing most people miss', 'A quick tip', 'Yesterday you got the download. Here is the tip that makes it work.'),
      waitDays('wait-2', 1),
      email('welcome-3', 'Ready for the next step?', 'What comes next', 'If the freebie helped, this is where to go from here.'),
    ],
  },
  'post-purchase': {
    name: 'After a purchase',
    trigger: { kind: 'purchased', productId: null },
    steps: [
      email('thanks', 'Thank you for your order', 'Thank you!', 'Your order is in. Here is how to get the most out of it.'),
      waitDays('wait-1', 3),
      email('tips', 'Three tips to get started', 'Getting started', 'A few tips from other buyers that make a difference.'),
      waitDays('wait-2', 7),
      email('review', 'How is it going?', 'Would you leave a review?', 'A short review helps other people decide. Reply to this email with yours.'),
    ],
  },
  'abandoned-checkout': {
    name: 'Abandoned checkout',
    trigger: { kind: 'abandoned-checkout', productId: null, delayMinutes: 60 },
    steps: [
      email('reminder-1h', 'You left something behind', 'Still interested?', 'Your checkout is waiting for you. Pick up where you left off.'),
      { id: 'wait-23h', type: 'wait', wait: { mode: 'duration', amount: 23, unit: 'hours' } },
      email('reminder-24h', 'Still thinking it over?', 'Any questions?', 'Reply to this email if anything is holding you back.'),
    ],
  },
};

/** A fresh copy of a template (callers may change it). */
export function automationTemplate(template: AutomationTemplate): Template {
  return structuredClone(TEMPLATES[template]);
}
