import { randomInt } from 'node:crypto';
import { AFFILIATE_CODE_ALPHABET, AFFILIATE_LIMITS } from '@shopfront/core';

/** A fresh referral code: uniformly random characters of the alphabet (uniqueness is the index's job). */
export function newAffiliateCode(): string {
  let code = '';
  for (let i = 0; i < AFFILIATE_LIMITS.codeLength; i++) code += AFFILIATE_CODE_ALPHABET[randomInt(AFFILIATE_CODE_ALPHABET.length)];
  return code;
}
