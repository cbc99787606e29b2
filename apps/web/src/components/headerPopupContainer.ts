/**
 * Where the top bar's menus and panels open: inside the page header, not at the end of <body>.
 * The header is sticky (fixed header, the default), so a popup on <body> sits in document
 * coordinates: when the page scrolls under it (a wheel, or the browser bringing a menu item into
 * view) it moves up over the header's own buttons until antd realigns it a frame or more later,
 * and a click meant for the language menu's 中文 landed on the user menu beside it (e2e
 * shell-errors). Inside the header it moves with its trigger. Outside the shell (the sign-in
 * page's language switch) it stays on <body>.
 */
export function headerPopupContainer(trigger: HTMLElement): HTMLElement {
  return trigger.closest<HTMLElement>('.app-header') ?? document.body;
}
