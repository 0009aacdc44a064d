import { describe, expect, it } from 'vitest';
import {
  CARD_MESSAGES,
  CARD_NAME_MAX_LENGTH,
  checkCardForm,
  checkCardName,
  checkCardNumber,
  checkCvc,
  checkExpiry,
  passesLuhn,
  TEST_CARD_HINTS,
  TEST_CARD_NUMBERS,
  testCardOutcome,
} from './card.ts';

const NOW = new Date('2026-11-25T10:00:00Z');
const good = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', cardName: 'Ada Buyer' };

describe('passesLuhn', () => {
  it.each(['4242424242424242', '4000000000000002', '378282246310005', '79927398713'])('accepts %s', (digits) => {
    expect(passesLuhn(digits)).toBe(true);
  });
  it.each(['4242424242424241', '4000000000000001', '79927398710', '42424242a4242424', ''])('refuses %s', (digits) => {
    expect(passesLuhn(digits)).toBe(false);
  });
});

describe('checkCardNumber', () => {
  it('accepts spaces and hyphens between groups', () => {
    expect(checkCardNumber('4242-4242 4242 4242')).toEqual({ ok: true, digits: '4242424242424242' });
  });
  it.each([
    ['', CARD_MESSAGES.numberRequired],
    ['   ', CARD_MESSAGES.numberRequired],
    ['1234 5678', CARD_MESSAGES.numberInvalid],
    ['4242 4242 4242 4241', CARD_MESSAGES.numberInvalid],
    ['4242 4242 4242 424x', CARD_MESSAGES.numberInvalid],
    // 11 digits that pass Luhn: too short; 20 digits: too long.
    ['79927398713', CARD_MESSAGES.numberInvalid],
    ['42424242424242424242', CARD_MESSAGES.numberInvalid],
  ])('refuses %j', (raw, message) => {
    expect(checkCardNumber(raw)).toEqual({ ok: false, message });
  });
  it('takes 12 and 19 digits, the two ends of the length rule', () => {
    expect(checkCardNumber('000000000000').ok).toBe(true);
    expect(checkCardNumber('0000000000000000000').ok).toBe(true);
  });
});

describe('checkExpiry', () => {
  it.each(['12/34', '12 / 34', '1/27', '01/27', ' 11/26 '])('accepts %j', (raw) => {
    expect(checkExpiry(raw, NOW).ok).toBe(true);
  });
  it('accepts this month (a card works through its last day) and refuses last month', () => {
    expect(checkExpiry('11/26', NOW)).toEqual({ ok: true, month: 11, year: 2026 });
    expect(checkExpiry('10/26', NOW)).toEqual({ ok: false, message: CARD_MESSAGES.expiryPast });
    expect(checkExpiry('12/25', NOW)).toEqual({ ok: false, message: CARD_MESSAGES.expiryPast });
  });
  it.each([
    ['', CARD_MESSAGES.expiryRequired],
    ['01/20', CARD_MESSAGES.expiryPast],
    ['13/30', CARD_MESSAGES.expiryMonth],
    ['00/30', CARD_MESSAGES.expiryMonth],
    ['1230', CARD_MESSAGES.expiryFormat],
    ['12/2034', CARD_MESSAGES.expiryFormat],
    ['ab/cd', CARD_MESSAGES.expiryFormat],
    ['12-34', CARD_MESSAGES.expiryFormat],
  ])('refuses %j', (raw, message) => {
    expect(checkExpiry(raw, NOW)).toEqual({ ok: false, message });
  });
});

describe('checkCvc', () => {
  it('wants exactly 3 digits for most cards', () => {
    expect(checkCvc('123', '4242424242424242')).toEqual({ ok: true });
    expect(checkCvc('12', '4242424242424242')).toEqual({ ok: false, message: CARD_MESSAGES.cvcDigits });
    expect(checkCvc('1', '4242424242424242')).toEqual({ ok: false, message: CARD_MESSAGES.cvcDigits });
    expect(checkCvc('1234', '4242424242424242')).toEqual({ ok: false, message: CARD_MESSAGES.cvcDigits });
    expect(checkCvc('12a', '4242424242424242')).toEqual({ ok: false, message: CARD_MESSAGES.cvcDigits });
    expect(checkCvc('', '4242424242424242')).toEqual({ ok: false, message: CARD_MESSAGES.cvcRequired });
  });
  it('wants exactly 4 digits for American Express (34, 37)', () => {
    expect(checkCvc('1234', '378282246310005')).toEqual({ ok: true });
    expect(checkCvc('1234', '341111111111111')).toEqual({ ok: true });
    expect(checkCvc('123', '378282246310005')).toEqual({ ok: false, message: CARD_MESSAGES.cvcAmex });
    expect(checkCvc('12345', '371449635398431')).toEqual({ ok: false, message: CARD_MESSAGES.cvcAmex });
  });
  it('takes 3 or 4 digits while the number is unreadable', () => {
    expect(checkCvc('123', null).ok).toBe(true);
    expect(checkCvc('1234', null).ok).toBe(true);
    expect(checkCvc('12', null).ok).toBe(false);
  });
});

describe('checkCardName', () => {
  it('trims and accepts names up to the limit', () => {
    expect(checkCardName('  Zoë O’Brien-Núñez ')).toEqual({ ok: true, name: 'Zoë O’Brien-Núñez' });
    expect(checkCardName('a'.repeat(CARD_NAME_MAX_LENGTH)).ok).toBe(true);
  });
  it.each([
    ['', CARD_MESSAGES.nameRequired],
    ['   ', CARD_MESSAGES.nameRequired],
    ['a'.repeat(CARD_NAME_MAX_LENGTH + 1), CARD_MESSAGES.nameTooLong],
    ['Ada\u0000Buyer', CARD_MESSAGES.nameInvalid],
    ['Ada\nBuyer', CARD_MESSAGES.nameInvalid],
    ['Ada\u202eBuyer', CARD_MESSAGES.nameInvalid],
  ])('refuses %j', (raw, message) => {
    expect(checkCardName(raw)).toEqual({ ok: false, message });
  });
});

describe('checkCardForm', () => {
  it('passes a good form with its digits and trimmed name', () => {
    expect(checkCardForm({ ...good, cardName: ' Ada Buyer ' }, NOW)).toEqual({ ok: true, digits: '4242424242424242', name: 'Ada Buyer' });
  });
  it('reports every bad field at once', () => {
    expect(checkCardForm({ cardNumber: '4242 4242 4242 4241', expiry: '13/30', cvc: '1', cardName: ' ' }, NOW)).toEqual({
      ok: false,
      errors: {
        cardNumber: CARD_MESSAGES.numberInvalid,
        expiry: CARD_MESSAGES.expiryMonth,
        cvc: CARD_MESSAGES.cvcDigits,
        cardName: CARD_MESSAGES.nameRequired,
      },
    });
  });
  it('reports one bad field alone', () => {
    expect(checkCardForm({ ...good, expiry: '01/20' }, NOW)).toEqual({ ok: false, errors: { expiry: CARD_MESSAGES.expiryPast } });
  });
});

describe('test cards', () => {
  it.each([
    ['4242424242424242', 'success'],
    ['378282246310005', 'success'],
    ['4000000000000002', 'declined'],
    ['4000000000009995', 'insufficient-funds'],
    ['4000000000000069', 'expired-card'],
    ['4000000000000127', 'incorrect-cvc'],
    ['4000002500003155', 'authentication-required'],
    ['4000002760003184', 'authentication-always'],
    ['4000000000000341', 'declined-after-attaching'],
    ['4111111111111111', 'not-a-test-card'],
  ])('%s is %s', (digits, outcome) => {
    expect(testCardOutcome(digits)).toBe(outcome);
  });
  it('every known test number is a valid card number, and every hint is a known number', () => {
    for (const digits of Object.keys(TEST_CARD_NUMBERS)) expect(checkCardNumber(digits)).toEqual({ ok: true, digits });
    for (const hint of TEST_CARD_HINTS) expect(TEST_CARD_NUMBERS[hint.number.replace(/\s/g, '')]).toBeDefined();
  });
});
