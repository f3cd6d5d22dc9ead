// The login page, shown when auth is on and the console has no valid token: name and password go to
// /admin/auth/login, whose token the session keeps. Why the console is here (the server's 401 sentence, a wrong
// password, "logged out") shows above the form as text.

import * as api from '../api.js';
import * as session from '../session.js';
import { h } from '../dom.js';

/** @param message why the login shows, or '' @param done called once logged in */
export function render({ message, done }) {
  const username = h('input', { id: 'login-username', name: 'username', autocomplete: 'username', required: true,
    maxlength: 128, 'data-testid': 'login-username' });
  const password = h('input', { id: 'login-password', name: 'password', type: 'password', required: true,
    autocomplete: 'current-password', maxlength: 256, 'data-testid': 'login-password' });
  const note = h('p', { class: 'error-text', id: 'login-message', 'data-testid': 'login-message', role: 'alert' }, message || '');
  note.hidden = !message;
  const submit = h('button', { type: 'submit', class: 'primary', id: 'login-submit', 'data-testid': 'login-submit' }, 'Log in');
  const send = async (event) => {
    event.preventDefault();
    submit.disabled = true;
    try {
      const answer = await api.post('/auth/login', { username: username.value.trim(), password: password.value });
      session.remember(answer.accessToken);
      session.set(null);
      done();
    } catch (e) {
      note.textContent = e.message;
      note.hidden = false;
      password.value = '';
      password.focus();
    } finally {
      submit.disabled = false;
    }
  };
  const form = h('form', { class: 'card login-form', id: 'login-form', 'data-testid': 'login-form', onsubmit: send },
    h('h1', {}, 'Log in to Jacos'), note,
    h('label', {}, 'User name', username), h('label', {}, 'Password', password), submit);
  queueMicrotask(() => username.focus());
  return h('div', { class: 'page login-page', 'data-testid': 'login-page' }, form);
}
