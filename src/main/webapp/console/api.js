// Calls the admin API (/nacos/admin) and unwraps its envelope {code, message, data}: success gives data, a failure
// throws ApiError whose message is the server's own sentence (data), which the console shows as it is. The session's
// token goes along as "Authorization: Bearer"; a 401 (auth on, no valid token) is also told to the listener the
// console registers, which shows the login page.

import * as session from './session.js';

const BASE = new URL('admin', new URL('.', document.baseURI)).pathname;

export class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

function url(path, query) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query || {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return BASE + path + (qs ? `?${qs}` : '');
}

/** A path segment (group, service, id) encoded for the URL. */
export const seg = (text) => encodeURIComponent(text);

let unauthorized = () => {};

/** Called with the server's message, and whether a token was sent, whenever a call is answered 401. */
export function onUnauthorized(listener) {
  unauthorized = listener;
}

export async function call(method, path, { query, body } = {}) {
  let response;
  const headers = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const token = session.token();
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    response = await fetch(url(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (e) {
    throw new ApiError(0, -1, `Cannot reach the server (${e.message}).`);
  }
  const text = await response.text();
  let envelope = null;
  try {
    envelope = text ? JSON.parse(text) : null;
  } catch (e) {
    envelope = null;
  }
  if (response.ok && envelope && envelope.code === 0) return envelope.data;
  if (envelope && typeof envelope === 'object' && 'code' in envelope) {
    const detail = typeof envelope.data === 'string' && envelope.data ? envelope.data : envelope.message;
    const error = new ApiError(response.status, envelope.code, detail || `Request failed (HTTP ${response.status}).`);
    if (response.status === 401) unauthorized(error.message, Boolean(token));
    throw error;
  }
  const snippet = text.trim().slice(0, 200);
  throw new ApiError(response.status, -1, `${method} ${path} failed: HTTP ${response.status}${snippet ? ` – ${snippet}` : ''}`);
}

export const get = (path, query) => call('GET', path, { query });
export const post = (path, body, query) => call('POST', path, { query, body });
export const put = (path, body, query) => call('PUT', path, { query, body });
export const del = (path, query) => call('DELETE', path, { query });
