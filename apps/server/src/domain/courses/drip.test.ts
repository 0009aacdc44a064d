import { describe, expect, it } from 'vitest';
import { lessonAccess, sectionOpensAt, type DripEnrolment, type DripSection } from './drip.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const enrolledAt = new Date('2030-03-10T09:30:00.000Z');
const enrolment = (overrides: Partial<DripEnrolment> = {}): DripEnrolment => ({ enrolledAt, unlockedAllAt: null, endedAt: null, ...overrides });
const immediately: DripSection = { dripKind: 'immediately', dripDays: null, dripDate: null };
const afterSeven: DripSection = { dripKind: 'after-days', dripDays: 7, dripDate: null };
const onDate: DripSection = { dripKind: 'on-date', dripDays: null, dripDate: new Date('2030-04-01T00:00:00.000Z') };
const at = (date: Date, deltaMs: number) => new Date(date.getTime() + deltaMs);
const paid = { freePreview: false };

describe('sectionOpensAt', () => {
  it('opens an immediate section at enrolment, a dripped one N whole days later, a dated one on its date', () => {
    expect(sectionOpensAt(immediately, enrolment())).toEqual(enrolledAt);
    expect(sectionOpensAt(afterSeven, enrolment())).toEqual(at(enrolledAt, 7 * DAY));
    expect(sectionOpensAt(onDate, enrolment())).toEqual(onDate.dripDate);
  });

  it('a dated section whose date passed before enrolment is open from enrolment on', () => {
    const late = enrolment({ enrolledAt: new Date('2030-05-01T00:00:00.000Z') });
    expect(lessonAccess({ lesson: paid, section: onDate, enrolment: late, now: late.enrolledAt })).toEqual({ kind: 'open', via: 'enrolment' });
  });

  it('unlock-all opens every later section from that moment, and never delays an earlier one', () => {
    const unlockedAllAt = at(enrolledAt, DAY);
    expect(sectionOpensAt(afterSeven, enrolment({ unlockedAllAt }))).toEqual(unlockedAllAt);
    expect(sectionOpensAt(immediately, enrolment({ unlockedAllAt }))).toEqual(enrolledAt);
  });
});

describe('lessonAccess at the boundaries', () => {
  const cases: [string, DripSection, Date][] = [
    ['7 days after enrolment', afterSeven, at(enrolledAt, 7 * DAY)],
    ['on a date', onDate, onDate.dripDate!],
  ];
  for (const [name, section, opensAt] of cases) {
    it(`${name}: locked (saying when) a minute before, open at and a minute after`, () => {
      const access = (now: Date) => lessonAccess({ lesson: paid, section, enrolment: enrolment(), now });
      expect(access(at(opensAt, -MINUTE))).toEqual({ kind: 'locked', opensAt });
      expect(access(opensAt)).toEqual({ kind: 'open', via: 'enrolment' });
      expect(access(at(opensAt, MINUTE))).toEqual({ kind: 'open', via: 'enrolment' });
    });
  }

  it('unlock-all: locked a minute before the creator pressed it, open a minute after', () => {
    const unlockedAllAt = at(enrolledAt, 2 * DAY);
    const access = (now: Date) => lessonAccess({ lesson: paid, section: afterSeven, enrolment: enrolment({ unlockedAllAt }), now });
    expect(access(at(unlockedAllAt, -MINUTE))).toEqual({ kind: 'locked', opensAt: unlockedAllAt });
    expect(access(at(unlockedAllAt, MINUTE))).toEqual({ kind: 'open', via: 'enrolment' });
  });

  it('without an enrolment a lesson is denied, a free preview open', () => {
    expect(lessonAccess({ lesson: paid, section: immediately, enrolment: null, now: enrolledAt })).toEqual({ kind: 'denied' });
    expect(lessonAccess({ lesson: { freePreview: true }, section: afterSeven, enrolment: null, now: enrolledAt })).toEqual({ kind: 'open', via: 'free-preview' });
  });

  it('a free preview in a locked section is open to its student as a preview', () => {
    expect(lessonAccess({ lesson: { freePreview: true }, section: afterSeven, enrolment: enrolment(), now: enrolledAt })).toEqual({ kind: 'open', via: 'free-preview' });
  });

  it('an ended enrolment (refund) is open a minute before it ended and denied a minute after', () => {
    const endedAt = at(enrolledAt, 3 * DAY);
    const access = (now: Date) => lessonAccess({ lesson: paid, section: immediately, enrolment: enrolment({ endedAt }), now });
    expect(access(at(endedAt, -MINUTE))).toEqual({ kind: 'open', via: 'enrolment' });
    expect(access(endedAt)).toEqual({ kind: 'denied' });
    expect(access(at(endedAt, MINUTE))).toEqual({ kind: 'denied' });
  });
});
