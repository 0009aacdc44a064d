import { useAppContext } from './app-context.tsx';

/** The host of store URLs as visitors see them (`shop.example.com` in `shop.example.com/{slug}`). */
export function useStoreHost(): string {
  const { config, host } = useAppContext();
  try {
    return new URL(config.publicUrl).host;
  } catch {
    return host;
  }
}
