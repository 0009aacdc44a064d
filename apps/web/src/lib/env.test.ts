import { CLIENT_CONFIG_ELEMENT_ID, ClientConfigSchema } from '@shopfront/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseClientConfig, readClientConfig } from './env.ts';

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

describe('parseClientConfig', () => {
  const valid = { productHosts: ['shopfront.example', 'localhost'], environment: 'test', publicUrl: 'https://shopfront.example', bioDomain: null };
  const cases: [string, unknown][] = [
    ['a full config', { ...valid, bioDomain: 'bio.example', regions: { 'us-central': 'https://us.example', sydney: 'https://au.example' } }],
    ['one region', { ...valid, regions: { sydney: 'https://au.example' } }],
    ['no regions, no product host', { ...valid, productHosts: [] }],
    ['unknown keys (dropped)', { ...valid, extra: 1, regions: { sydney: 'https://au.example', tokyo: 'x' } }],
    ['each environment', { ...valid, environment: 'production' }],
    ['development', { ...valid, environment: 'development' }],
    ['an unknown environment', { ...valid, environment: 'staging' }],
    ['a host that is not a string', { ...valid, productHosts: ['a', 3] }],
    ['hosts that are not a list', { ...valid, productHosts: 'a' }],
    ['no public URL', { ...valid, publicUrl: undefined }],
    ['bio domain missing', { productHosts: [], environment: 'test', publicUrl: 'x' }],
    ['bio domain a number', { ...valid, bioDomain: 1 }],
    ['regions not an object', { ...valid, regions: 'sydney' }],
    ['regions a list', { ...valid, regions: [] }],
    ['regions null', { ...valid, regions: null }],
    ['a region that is not a string', { ...valid, regions: { 'us-central': 1 } }],
    ['null', null],
    ['a list', [valid]],
    ['a string', 'config'],
  ];

  it.each(cases)('answers as ClientConfigSchema does: %s', (_name, value) => {
    const schema = ClientConfigSchema.safeParse(value);
    expect(parseClientConfig(value)).toEqual(schema.success ? schema.data : null);
  });

  it('keeps a valid config and refuses an invalid one', () => {
    expect(parseClientConfig(valid)).toEqual(valid);
    expect(parseClientConfig({ ...valid, environment: 'staging' })).toBeNull();
  });
});
