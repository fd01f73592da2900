/**
 * The element around the login form on /login, whose own start (src/login-main.tsx) hydrates the
 * form alone, inside it; the rest of the page (header, card, footer) stays the HTML it came as.
 */
export const LOGIN_FORM_ROOT_ID = 'login-form-root'
