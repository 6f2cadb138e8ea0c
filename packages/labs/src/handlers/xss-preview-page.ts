/**
 * The XSS lab's preview: a page served from its own sandboxed origin (the CSP `sandbox` directive makes it an opaque
 * origin even if opened directly) with its own CSP, so that the payload really runs, away from the app's cookies and
 * API: no connect-src, no form-action, and it renders nothing unless framed. The parent puts the filtered comment in
 * the URL fragment (never sent to the server); the page writes it into itself, as a vulnerable page would embed it,
 * and reports alert(), confirm(), prompt() and print() to the parent and in a banner, so the student sees it fire.
 * See docs/decisions/011-real-labs.md.
 */
export const XSS_PREVIEW_CSP = [
  'sandbox allow-scripts allow-modals',
  "default-src 'none'",
  "script-src 'unsafe-inline'",
  "style-src 'unsafe-inline'",
  'img-src data:',
  'media-src data:',
  "frame-src 'none'",
  "connect-src 'none'",
  "form-action 'none'",
  "base-uri 'none'",
  "frame-ancestors 'self'",
].join('; ');

const STYLE =
  'body{margin:12px;font:14px system-ui,sans-serif;color:#e5e7eb;background:#0b0f17}img{max-width:100%}' +
  '#drapeau-fired{margin:0 0 8px;padding:6px 8px;border-radius:6px;background:#064e3b;color:#a7f3d0;font:12px monospace}';

const BOOTSTRAP = `(function () {
  if (window.top === window) return;
  var html;
  try {
    var binary = atob(location.hash.slice(1).replace(/-/g, '+').replace(/_/g, '/'));
    html = new TextDecoder().decode(Uint8Array.from(binary, function (c) { return c.charCodeAt(0); }));
  } catch (error) {
    return;
  }
  function show(text) {
    var banner = document.createElement('div');
    banner.id = 'drapeau-fired';
    banner.textContent = 'Script ran: ' + text;
    document.body.insertBefore(banner, document.body.firstChild);
  }
  function report(name, args) {
    var text = (name + '(' + Array.prototype.map.call(args, String).join(', ') + ')').slice(0, 200);
    parent.postMessage({ type: 'drapeau-xss-fired', text: text }, '*');
    if (document.body) show(text);
    else document.addEventListener('DOMContentLoaded', function () { show(text); });
  }
  window.alert = function () { report('alert', arguments); };
  window.confirm = function () { report('confirm', arguments); return false; };
  window.prompt = function () { report('prompt', arguments); return null; };
  window.print = function () { report('print', arguments); };
  document.write(html);
})();`;

export const XSS_PREVIEW_PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Comment preview</title><style>${STYLE}</style><script>${BOOTSTRAP}</script></head><body></body></html>`;
