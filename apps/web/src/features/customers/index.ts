/** The dashboard's customers: list, search, detail, add, edit, CSV export. */
export { CustomersScreen, EMPTY_CUSTOMERS_TEXT } from './components/customers-screen.tsx';
