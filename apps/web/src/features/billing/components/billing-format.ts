import { formatMoney, type BillingInterval } from '@shopfront/core';

export const money = (cents: number, currency = 'USD') => formatMoney(cents, currency.toUpperCase(), { locale: 'en' });

export const priceText = (cents: number, interval: BillingInterval) => `${money(cents)} / ${interval}`;

export const dateText = (iso: string) => new Date(iso).toLocaleDateString('en', { year: 'numeric', month: 'long', day: 'numeric' });

export const storesText = (count: number) => `${count} ${count === 1 ? 'store' : 'stores'}`;
