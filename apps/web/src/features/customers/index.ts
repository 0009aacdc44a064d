/** The dashboard's customers (issue 5): list, search, detail, add, edit, CSV export. */
export { CustomersScreen, EMPTY_CUSTOMERS_TEXT } from './components/customers-screen.tsx';
