/** The dashboard's discount codes: list, create, edit, delete. */
export { DiscountsScreen, EMPTY_DISCOUNTS_TEXT } from './components/discounts-screen.tsx';
