import { describe, expect, it } from 'vitest';
import { renderDeliveryMessagePage, renderOrderAccessPage } from './order-access-page.ts';
import type { OrderDelivery } from './find-delivery.ts';

function delivery(store: Partial<OrderDelivery['store']>, status: 'paid' | 'refunded' = 'paid', amountCents = 1250, type = 'digital'): OrderDelivery {
  return {
    order: { id: 'ord_1', status, createdAt: new Date('2026-01-02T00:00:00Z'), productTitle: 'Drum <Kit>', amountCents },
    store: { name: 'Beat Shop', slug: 'beat-shop', theme: 'mocha-mood', themeOverrides: {}, ...store },
    product: { type, externalUrl: null },
    files: [],
  };
}

const links = [{ id: 'fil_1', name: 'kit.zip', sizeBytes: 2048, url: 'https://shop.example/api/downloads/file/x' }];

describe('renderOrderAccessPage', () => {
  it('says Purchased for a paid order and Claimed for a free one or a lead magnet', () => {
    const membersUrl = 'https://shop.example/beat-shop/members';
    const paid = renderOrderAccessPage({ delivery: delivery({}), links, membersUrl });
    expect(paid).toContain('Purchased <time');
    expect(paid).toContain('Keep all your purchases in one place:');
    for (const free of [delivery({}, 'paid', 0), delivery({}, 'paid', 0, 'lead-magnet')]) {
      const page = renderOrderAccessPage({ delivery: free, links, membersUrl });
      expect(page).toContain('Claimed <time');
      expect(page).not.toMatch(/purchase/i);
    }
  });

  it('wears the store theme and its creator colours', () => {
    const mocha = renderOrderAccessPage({ delivery: delivery({}), links, membersUrl: 'https://shop.example/beat-shop/members' });
    expect(mocha).toContain('--card:#fffaf4');
    expect(mocha).toContain('Drum &lt;Kit&gt;');
    const neon = renderOrderAccessPage({
      delivery: delivery({ theme: 'neon-pulse', themeOverrides: { colors: { buttonColor: '#00ff88' } } }),
      links,
      membersUrl: 'https://shop.example/beat-shop/members',
    });
    expect(neon).toContain('--card:#0d0a26');
    expect(neon).toContain('--button:#00ff88');
    expect(neon).toContain('aria-label="Download kit.zip"');
  });

  it('a refunded order shows the revoked notice in the theme, without links', () => {
    const html = renderOrderAccessPage({ delivery: delivery({ theme: 'neon-pulse' }, 'refunded'), links, membersUrl: 'https://shop.example/m' });
    expect(html).toContain('--card:#0d0a26');
    expect(html).not.toContain('kit.zip');
  });
});

describe('renderDeliveryMessagePage', () => {
  it('uses the default theme without a store, and the store theme with one', () => {
    expect(renderDeliveryMessagePage('Link expired', 'Gone.')).toContain('--card:#fffaf4');
    expect(renderDeliveryMessagePage('Link expired', 'Gone.', { theme: 'neon-pulse', themeOverrides: {} })).toContain('--card:#0d0a26');
  });
});
