/** The dashboard's sales: revenue totals, orders by date range and status, refunds, CSV export. */
export { SalesScreen, EMPTY_SALES_TEXT } from './components/sales-screen.tsx';
