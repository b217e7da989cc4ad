// react-aria's locale provider on its own, for the screen wrapper that every lazily loaded screen
// renders in: importing it from the barrel would pull the whole design system into screens (the home
// page, the error page) that use none of it.
export { I18nProvider } from 'react-aria-components';
