import { CLIENT_CONFIG_ELEMENT_ID } from '@shopfront/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readClientConfig } from './env.ts';

const loc = { hostname: 'localhost', origin: 'http://localhost:5173' } as Location;

function inject(text: string) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = CLIENT_CONFIG_ELEMENT_ID;
  script.textContent = text;
  document.head.append(script);
}

afterEach(() => {
  document.getElementById(CLIENT_CONFIG_ELEMENT_ID)?.remove();
  vi.restoreAllMocks();
});

describe('readClientConfig', () => {
  it('reads the config the server injected', () => {
    const config = { productHosts: ['shopfront.example'], environment: 'production', publicUrl: 'https://shopfront.example', bioDomain: 'bio.example' };
    inject(JSON.stringify(config));
    expect(readClientConfig(document, loc)).toEqual(config);
  });

  it('falls back to development defaults under vite dev (nothing injected)', () => {
    expect(readClientConfig(document, loc)).toEqual({
      productHosts: ['localhost'],
      environment: 'development',
      publicUrl: 'http://localhost:5173',
      bioDomain: null,
    });
  });

  it('falls back, with a logged error, when the injected config is invalid', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    inject('{"productHosts":"nope"}');
    expect(readClientConfig(document, loc).environment).toBe('development');
    expect(logged).toHaveBeenCalled();
  });
});
