// Starts the console: the namespace switcher in the header, the navigation, and the page for the current hash.
// Every page gets the namespace from the URL (?namespaceId=, default "public"), so links and reloads keep it.
// With auth on, the console first asks who it is (/admin/auth/me); any 401 shows the login page with the server's
// sentence, and after the login the console returns to the page it was on. A 403 (a user without the grant) stays
// on the page and shows the server's sentence in the banner.

import * as api from './api.js';
import * as router from './router.js';
import * as session from './session.js';
import { clearError, clearNotice, showError, showPendingNotice, wireBanner } from './ui.js';
import { h } from './dom.js';
import * as login from './pages/login.js';
import * as namespaces from './pages/namespaces.js';
import * as services from './pages/services.js';
import * as service from './pages/service.js';
import * as connections from './pages/connections.js';
import * as server from './pages/server.js';
import * as users from './pages/users.js';
import * as configs from './pages/configs.js';
import * as config from './pages/config.js';
import * as configEdit from './pages/config-edit.js';

const PAGES = { namespaces, services, service, configs, config, 'config-edit': configEdit, connections, server, users };
/** Pages that belong to a list page: its navigation link stays lit, and a namespace switch goes back to it. */
const PARENT = { service: 'services', config: 'configs', 'config-edit': 'configs' };
const DEFAULT_NAMESPACE = 'public';
let renderCount = 0;
let loginMessage = '';
let returnTo = '';

function namespaceOf(route) {
  return route.query.get('namespaceId') || DEFAULT_NAMESPACE;
}

async function loadNamespaces(selected) {
  const select = document.getElementById('namespace-switcher');
  let list = [];
  try {
    list = await api.get('/namespaces');
  } catch (e) {
    if (e.status !== 401) showError(e);
  }
  const options = list.map((ns) => h('option', { value: ns.id }, ns.name && ns.name !== ns.id ? `${ns.name} (${ns.id})` : ns.id));
  if (!list.some((ns) => ns.id === selected)) options.push(h('option', { value: selected }, `${selected} (not found)`));
  select.replaceChildren(...options);
  select.value = selected;
}

function updateNav(page, ns) {
  for (const a of document.querySelectorAll('#nav a')) {
    a.href = router.link([a.dataset.route], { namespaceId: ns === DEFAULT_NAMESPACE ? '' : ns });
    a.classList.toggle('active', a.dataset.route === (PARENT[page] || page));
  }
  document.getElementById('brand').href = router.link(['services'], { namespaceId: ns === DEFAULT_NAMESPACE ? '' : ns });
}

/** The header as it fits who is logged in: no navigation on the login page, the user box only with auth on. */
function updateChrome(onLogin) {
  const me = session.current();
  document.getElementById('nav').hidden = onLogin;
  document.getElementById('ns-switch').hidden = onLogin;
  document.getElementById('nav-users').hidden = !session.managesUsers();
  document.getElementById('user-box').hidden = onLogin || !(me && me.authEnabled);
  document.getElementById('user-name').textContent = me && me.authEnabled ? me.username : '';
}

/** The caller as the server sees it, asked once per login; a 401 here shows the login page. */
async function whoAmI() {
  if (!session.current()) session.set(await api.get('/auth/me'));
  return session.current();
}

function renderLogin(main) {
  updateChrome(true);
  document.getElementById('namespace-switcher').replaceChildren();
  main.dataset.page = 'login';
  main.replaceChildren(login.render({
    message: loginMessage,
    done: () => {
      loginMessage = '';
      const target = returnTo && !returnTo.startsWith('#/login') ? returnTo : '#/services';
      returnTo = '';
      if (window.location.hash === target) render();
      else window.location.hash = target;
    },
  }));
  main.dataset.state = 'ready';
}

/** Any 401: forget the token and show the login page, with the server's sentence when a token was refused. */
function showLogin(message, hadToken) {
  session.forget();
  loginMessage = hadToken ? message : '';
  if (router.current().path[0] === 'login') {
    render();
    return;
  }
  returnTo = window.location.hash;
  router.go(['login']);
}

async function render() {
  const route = router.current();
  const main = document.getElementById('page');
  const mine = ++renderCount;
  clearNotice();
  if (route.path[0] === 'login') {
    renderLogin(main);
    return;
  }
  const name = PAGES[route.path[0]] ? route.path[0] : 'services';
  const ns = namespaceOf(route);
  main.dataset.page = name;
  main.dataset.state = 'loading';
  updateNav(name, ns);
  try {
    await whoAmI();
  } catch (e) {
    if (e.status !== 401) showError(e);
    return; // on 401 the login page takes over
  }
  if (mine !== renderCount) return;
  updateChrome(false);
  const select = document.getElementById('namespace-switcher');
  if (select.value !== ns) await loadNamespaces(ns);
  const ctx = {
    ns,
    route,
    /** A link to a page in the current namespace. */
    link: (segments, query) => router.link(segments, { ...query, namespaceId: ns === DEFAULT_NAMESPACE ? '' : ns }),
    go: (segments, query) => router.go(segments, { ...query, namespaceId: ns === DEFAULT_NAMESPACE ? '' : ns }),
    reload: render,
    refreshNamespaces: () => loadNamespaces(ns),
  };
  let content;
  try {
    content = await PAGES[name].render(ctx);
  } catch (e) {
    if (e.status === 401) return;
    showError(e);
    content = h('p', { class: 'empty', 'data-testid': 'page-error' }, 'This page could not be loaded: see the message above.');
  }
  if (mine !== renderCount) return; // a newer navigation has taken over
  main.replaceChildren(content);
  main.dataset.state = 'ready';
  showPendingNotice();
}

function switchNamespace(event) {
  const ns = event.target.value;
  const route = router.current();
  clearError();
  // A service or configuration belongs to one namespace: switching from its page goes to the new namespace's list.
  const page = !PAGES[route.path[0]] ? 'services' : PARENT[route.path[0]] || route.path[0];
  router.go([page], { namespaceId: ns === DEFAULT_NAMESPACE ? '' : ns });
}

/** Tokens are not kept by the server, so logging out forgets this tab's token; it expires on its own. */
function logout() {
  session.forget();
  loginMessage = 'You are logged out.';
  returnTo = '';
  clearError();
  router.go(['login']);
}

wireBanner();
api.onUnauthorized(showLogin);
document.getElementById('namespace-switcher').addEventListener('change', switchNamespace);
document.getElementById('logout').addEventListener('click', logout);
router.onChange(() => {
  clearError();
  render();
});
render();
