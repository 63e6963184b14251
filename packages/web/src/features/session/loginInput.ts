// The sign-in form's schema, loaded with the form's first check (LoginPage) rather than with the page.
export { loginInput } from '@gatehouse/contracts';
