// Written by `npm run styles` from login-form.specimen.tsx: do not edit.
export const loginFormClasses = {
  alertContent: 'chakra-alert__content css-xlayl9',
  alertDescription: 'chakra-alert__description css-t6kp1r',
  alertTitle: 'chakra-alert__title css-1kctzi1',
  button: 'chakra-button css-1rbjce',
  buttonLoading: 'chakra-button css-1rbjce',
  couponIcon: 'css-13gnd3a',
  couponNote: 'chakra-alert__root css-19zwwf0',
  errorBanner: 'chakra-alert__root css-183hdgy',
  errorIcon: 'css-13gnd3a',
  field: 'chakra-field__root css-13f87cb',
  form: 'css-1ki54i',
  input: 'chakra-input css-ee9xfg',
  label: 'chakra-field__label css-65zcwe',
  link: 'chakra-link css-1fg6g0e',
  links: 'chakra-stack css-2pdem6',
  loadingText: 'css-1obf64m',
  muted: 'css-1xrpz2b',
  spinner: 'chakra-spinner css-1pjn8cc',
  stack: 'chakra-stack css-fybcnu',
} as const

export const loginFormMarkup = {
  couponIcon: '<svg viewBox="0 0 24 24" class="css-126y6n1"><path d="M12 22C6.47715 22 2 17.5228 2 12C2 6.47715 6.47715 2 12 2C17.5228 2 22 6.47715 22 12C22 17.5228 17.5228 22 12 22ZM12 20C16.4183 20 20 16.4183 20 12C20 7.58172 16.4183 4 12 4C7.58172 4 4 7.58172 4 12C4 16.4183 7.58172 20 12 20ZM11 7H13V9H11V7ZM11 11H13V17H11V11Z"></path></svg>',
  errorIcon: '<svg viewBox="0 0 24 24" class="css-126y6n1"><path d="M12 22C6.47715 22 2 17.5228 2 12C2 6.47715 6.47715 2 12 2C17.5228 2 22 6.47715 22 12C22 17.5228 17.5228 22 12 22ZM12 20C16.4183 20 20 16.4183 20 12C20 7.58172 16.4183 4 12 4C7.58172 4 4 7.58172 4 12C4 16.4183 7.58172 20 12 20ZM11 15H13V17H11V15ZM11 7H13V13H11V7Z"></path></svg>',
} as const
