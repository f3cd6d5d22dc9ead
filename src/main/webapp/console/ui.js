// The banner (errors, as the server worded them) and the notice (what an action did), shared by every page.

const banner = () => document.getElementById('banner');
const notice = () => document.getElementById('notice');

export function showError(error) {
  clearNotice(); // an earlier success must not sit next to the failure as if it were its answer
  const text = error && error.message ? error.message : String(error);
  document.getElementById('banner-text').textContent = text;
  banner().hidden = false;
}

export function clearError() {
  banner().hidden = true;
  document.getElementById('banner-text').textContent = '';
}

export function showNotice(text) {
  clearError();
  notice().textContent = text;
  notice().hidden = false;
}

export function clearNotice() {
  notice().hidden = true;
  notice().textContent = '';
}

let pendingNotice = '';

/** A notice for the page about to be shown, which clears the notices of the page it replaces. */
export function noticeAfterNavigation(text) {
  pendingNotice = text;
}

export function showPendingNotice() {
  if (pendingNotice) showNotice(pendingNotice);
  pendingNotice = '';
}

/** Runs an action; its failure goes to the banner. Returns whether it succeeded. */
export async function attempt(action) {
  try {
    await action();
    return true;
  } catch (e) {
    showError(e);
    return false;
  }
}

export function wireBanner() {
  document.getElementById('banner-close').addEventListener('click', clearError);
}
