import { describe, expect, it } from 'vitest';
import { changeLines } from './audit-log-panel.tsx';

describe('an audit row’s change', () => {
  it('says what changed, from what to what', () => {
    expect(changeLines({ isAdmin: false, planId: 'free' }, { isAdmin: true, planId: 'free' })).toEqual(['isAdmin: false → true']);
    expect(changeLines({ offlineReason: null }, { offlineReason: 'abuse', offlineNote: 'Stolen' })).toEqual(['offlineReason: null → "abuse"', 'offlineNote: — → "Stolen"']);
  });

  it('shows what was recorded when nothing changed, and both sides when one is not an object', () => {
    expect(changeLines({ enabled: true }, { enabled: true })).toEqual(['enabled: true']);
    expect(changeLines(null, { name: 'websiteBuilder' })).toEqual(['Before: —', 'After: name: "websiteBuilder"']);
    expect(changeLines(null, null)).toEqual(['Before: —', 'After: —']);
  });
});
