// Who is logged in. The access token lives in sessionStorage (this tab only, gone when it closes) and goes out as
// "Authorization: Bearer" on every admin API call. `me` is the server's answer to /admin/auth/me: with auth off it
// says so, and the console shows no login, no user box and no users page.

const KEY = 'jacos.accessToken';

let me = null;

export function token() {
  try {
    return window.sessionStorage.getItem(KEY);
  } catch (e) {
    return null;
  }
}

export function remember(accessToken) {
  try {
    window.sessionStorage.setItem(KEY, accessToken);
  } catch (e) {
    // Storage refused (a locked-down browser): the token is lost on reload and the login page shows again.
  }
}

export function forget() {
  me = null;
  try {
    window.sessionStorage.removeItem(KEY);
  } catch (e) {
    // nothing stored
  }
}

export function current() {
  return me;
}

export function set(answer) {
  me = answer;
}

/** Whether the users & roles page is for this caller: auth on and a global admin. */
export function managesUsers() {
  return Boolean(me && me.authEnabled && me.globalAdmin);
}
