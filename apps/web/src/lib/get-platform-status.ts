import type { FunctionOutput } from '@shopfront/core';
import { callFunction } from './call-function.ts';

export type PlatformStatus = FunctionOutput<'getPlatformStatus'>;

export function getPlatformStatus(): Promise<PlatformStatus> {
  return callFunction('getPlatformStatus', {});
}
