import './fullScreenOnPhone.css';

/** The `rootClassName` of a modal holding a form: full-screen on a phone (fullScreenOnPhone.css). */
export const FULL_SCREEN_ON_PHONE = 'orbit-full-screen-on-phone';
