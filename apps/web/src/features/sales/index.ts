/** The dashboard's sales (issue 5): revenue totals, orders by date range and status, refunds, CSV export. */
export { SalesScreen, EMPTY_SALES_TEXT } from './components/sales-screen.tsx';
