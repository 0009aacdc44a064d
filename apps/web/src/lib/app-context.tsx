import type { AppModeResult, ClientConfig, StoreKey } from '@shopfront/core';
import { createContext, useContext, type ReactNode } from 'react';

/** What main.tsx learned before mounting a mode: the page's config and the resolved mode. */
export interface AppContextValue {
  config: ClientConfig;
  resolution: AppModeResult;
  /** `location.host` at start-up; links are planned against it. */
  host: string;
  /** How the store was looked up while resolving the mode (null when no store was asked for). */
  storeKey: StoreKey | null;
}

const AppContext = createContext<AppContextValue | null>(null);

export function AppContextProvider({ value, children }: { value: AppContextValue; children: ReactNode }) {
  return <AppContext.Provider value={value}>{children}</AppContext.Provider>;
}

export function useAppContext(): AppContextValue {
  const value = useContext(AppContext);
  if (!value) throw new Error('useAppContext outside AppContextProvider');
  return value;
}
