import { AppError, DEFAULT_FEATURE_FLAGS, type CustomDomain, type StoreDomains } from '@shopfront/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderForCreator, testStore } from '#src/testing/creator-kit.tsx';
import { answerFunctions, callsOf } from '#src/testing/call-function-mock.ts';
import { fakeFunctions } from '#src/testing/fake-functions.ts';
import { DomainsSection } from './domains-section.tsx';

const call = fakeFunctions();
afterEach(() => vi.clearAllMocks());

const TXT_MISSING = 'We could not find the TXT record yet. DNS changes can take a while; try again in a few minutes.';
const pending: CustomDomain = {
  domain: 'shop.ada.example',
  txtRecordName: '_shopfront.shop.ada.example',
  txtRecordValue: 'shopfront-verify=0123456789abcdef',
  verified: false,
  verifiedAt: null,
};

function answerDomains(customDomains: boolean, start: CustomDomain[], verify: () => CustomDomain) {
  let list = start;
  answerFunctions(call, {
    listMyStores: () => ({ stores: [testStore()], activeStoreId: 'store_1' }),
    getPlatformStatus: () => ({ maintenanceMode: false, maintenanceMessage: '', allowSignups: true, signupsOpen: true, featureFlags: { ...DEFAULT_FEATURE_FLAGS, customDomains } }),
    getStoreDomains: (): StoreDomains => ({ platformUrl: 'shopfront.test/cozy-mugs', customDomains: list, bioDomain: null, bioDomainBase: 'bio.test', customDomainsEnabled: customDomains }),
    addCustomDomain: ({ domain }: { domain: string }) => {
      list = [{ ...pending, domain }];
      return list[0];
    },
    verifyCustomDomain: () => {
      const result = verify();
      list = [result];
      return result;
    },
  });
}

describe('Settings › Domains', () => {
  it('says custom domains are disabled when the platform flag is off, and offers no form', async () => {
    answerDomains(false, [], () => pending);
    renderForCreator(<DomainsSection />);
    expect(await screen.findByText('Custom domains are disabled on this platform. An administrator can turn them on.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Your domain')).not.toBeInTheDocument();
    expect(screen.getByText('shopfront.test/cozy-mugs')).toBeInTheDocument();
  });

  it('adds a domain and shows the TXT record to create, waiting for verification', async () => {
    answerDomains(true, [], () => pending);
    renderForCreator(<DomainsSection />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Your domain'), 'shop.ada.example');
    await user.click(screen.getByRole('button', { name: 'Add domain' }));

    const card = await screen.findByTestId('custom-domain');
    expect(within(card).getByTestId('domain-status')).toHaveTextContent('Waiting for verification');
    expect(within(card).getByText('_shopfront.shop.ada.example')).toBeInTheDocument();
    expect(within(card).getByText('shopfront-verify=0123456789abcdef')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Copy Value' })).toBeInTheDocument();
    expect(callsOf(call, 'addCustomDomain')).toEqual([{ storeId: 'store_1', domain: 'shop.ada.example' }]);
  });

  it("shows the resolver's answer when the record is not there yet, and Verified once it is", async () => {
    let dnsReady = false;
    answerDomains(true, [pending], () => {
      if (!dnsReady) throw new AppError('failed-precondition', TXT_MISSING);
      return { ...pending, verified: true, verifiedAt: '2025-01-02T00:00:00.000Z' };
    });
    renderForCreator(<DomainsSection />);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(TXT_MISSING)).toBeInTheDocument();
    expect(screen.getByTestId('domain-status')).toHaveTextContent('Waiting for verification');

    dnsReady = true;
    await user.click(screen.getByRole('button', { name: 'Verify again' }));
    expect(await screen.findByText('Verified')).toBeInTheDocument();
    expect(screen.queryByText('_shopfront.shop.ada.example')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'shop.ada.example' })).toHaveAttribute('href', 'https://shop.ada.example');
  });

  it('asks before removing a domain', async () => {
    answerDomains(true, [pending], () => pending);
    renderForCreator(<DomainsSection />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Remove shop.ada.example?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(callsOf(call, 'removeCustomDomain')).toEqual([]);
  });
});
