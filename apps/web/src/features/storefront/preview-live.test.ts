import { afterEach, describe, expect, it, vi } from 'vitest';
import { subscribePreview } from './preview-live.ts';

class FakeEventSource {
  static last: FakeEventSource | null = null;
  readonly listeners = new Map<string, (event: MessageEvent<string>) => void>();
  closed = false;
  constructor(
    readonly url: string,
    readonly init: EventSourceInit,
  ) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, listener);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data: string) {
    this.listeners.get(type)?.(new MessageEvent(type, { data }));
  }
}

afterEach(() => vi.unstubAllGlobals());

describe('subscribePreview (the ?preview=true tab)', () => {
  it("opens the store's preview stream with credentials, hands on each draft, skips malformed events and closes", () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const seen: string[] = [];
    const close = subscribePreview('store 1', (profile) => seen.push(profile.name));
    const source = FakeEventSource.last!;
    expect(source.url).toBe('/api/stores/store%201/preview-events');
    expect(source.init).toEqual({ withCredentials: true });
    source.emit('draft', JSON.stringify({ name: 'Draft one', description: '' }));
    source.emit('draft', '{not json');
    source.emit('draft', JSON.stringify({ description: 'no name' }));
    source.emit('draft', JSON.stringify({ name: 'Draft two' }));
    expect(seen).toEqual(['Draft one', 'Draft two']);
    close();
    expect(source.closed).toBe(true);
  });

  it('does nothing where EventSource does not exist', () => {
    vi.stubGlobal('EventSource', undefined);
    const onProfile = vi.fn();
    expect(() => subscribePreview('store_1', onProfile)()).not.toThrow();
    expect(onProfile).not.toHaveBeenCalled();
  });
});
