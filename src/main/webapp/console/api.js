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

function headersFor(contentType, accept = 'application/json') {
  const headers = { Accept: accept };
  if (contentType) headers['Content-Type'] = contentType;
  const token = session.token();
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

async function send(method, path, query, headers, body) {
  try {
    return await fetch(url(path, query), { method, headers, body });
  } catch (e) {
    throw new ApiError(0, -1, `Cannot reach the server (${e.message}).`);
  }
}

/** The error a refused call becomes: the server's sentence from its envelope, or the status and a bit of the body. */
function refusal(method, path, response, text, envelope, tokenSent) {
  if (envelope && typeof envelope === 'object' && 'code' in envelope) {
    const detail = typeof envelope.data === 'string' && envelope.data ? envelope.data : envelope.message;
    const error = new ApiError(response.status, envelope.code, detail || `Request failed (HTTP ${response.status}).`);
    if (response.status === 401) unauthorized(error.message, tokenSent);
    return error;
  }
  const snippet = text.trim().slice(0, 200);
  return new ApiError(response.status, -1, `${method} ${path} failed: HTTP ${response.status}${snippet ? ` – ${snippet}` : ''}`);
}

function parsed(text) {
  try {
    return text ? JSON.parse(text) : null;
  } catch (e) {
    return null;
  }
}

/** A JSON call, or with {@code raw} a file sent as it is (its type in {@code type}). */
export async function call(method, path, { query, body, raw, type } = {}) {
  const contentType = raw !== undefined ? type : (body !== undefined ? 'application/json' : undefined);
  const headers = headersFor(contentType);
  const payload = raw !== undefined ? raw : (body === undefined ? undefined : JSON.stringify(body));
  const response = await send(method, path, query, headers, payload);
  const text = await response.text();
  const envelope = parsed(text);
  if (response.ok && envelope && envelope.code === 0) return envelope.data;
  throw refusal(method, path, response, text, envelope, Boolean(headers.Authorization));
}

/** A file the server offers for download: its bytes and the name it gave (Content-Disposition). */
export async function download(path, query) {
  const headers = headersFor(undefined, 'application/zip, application/json');
  const response = await send('GET', path, query, headers, undefined);
  if (!response.ok) {
    const text = await response.text();
    throw refusal('GET', path, response, text, parsed(text), Boolean(headers.Authorization));
  }
  const disposition = response.headers.get('Content-Disposition') || '';
  const named = /filename="?([^";]+)"?/.exec(disposition);
  return { blob: await response.blob(), filename: named ? named[1] : 'download' };
}

/** Sends a file the user chose as the request body. */
export const upload = (path, file, type, query) => call('POST', path, { query, raw: file, type });

export const get = (path, query) => call('GET', path, { query });
export const post = (path, body, query) => call('POST', path, { query, body });
export const put = (path, body, query) => call('PUT', path, { query, body });
export const del = (path, query) => call('DELETE', path, { query });
