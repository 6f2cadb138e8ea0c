import { createLabHandler, readInput, type LabResult } from '../lab-handler.js';

import { deploymentDigest } from './format-string-printf.js';
import { renderTemplate } from './ssti-jinja.js';
import { dict, fn, pyStr, TemplateError, type PyObject, type Value } from './ssti-python.js';

/**
 * Server-Side Template Injection (Hard): a Flask greeting preview builds `"<p>Hello " + name + "!</p>"` and renders it
 * with render_template_string. A blocklist refuses `config` and the classic gadget words, so the secret (app.config's
 * FLAG) must be reached another way: a function's `__globals__` to `current_app`, then `|attr()`, `['con'~'fig']`,
 * `\x63onfig` or `__dict__`. Rendered by ssti-jinja.ts (with ssti-python.ts) over the plain objects below; nothing is evaluated as code.
 */

const BLOCKLIST = ['config', 'self', 'class', 'mro', 'subclasses', 'import', 'popen', 'eval'];

function denied(): never {
  throw new TemplateError('PermissionError: [Errno 1] Operation not permitted');
}

function address(seed: Buffer, index: number): string {
  return `0x7f${seed.subarray(index, index + 5).toString('hex')}`;
}

function buildScope(flag: string, name: string): Map<string, Value> {
  const seed = deploymentDigest('ssti', flag);
  const secretKey = seed.subarray(16, 32).toString('hex');
  const config = dict(
    {
      DEBUG: false,
      TESTING: false,
      SECRET_KEY: secretKey,
      SESSION_COOKIE_NAME: 'session',
      SESSION_COOKIE_HTTPONLY: true,
      MAX_CONTENT_LENGTH: 16384,
      TEMPLATES_AUTO_RELOAD: null,
      FLAG: flag,
    },
    (body) => `<Config ${body}>`,
  );
  const environ = dict({
    PATH: '/usr/local/bin:/usr/local/sbin:/usr/sbin:/usr/bin:/sbin:/bin',
    HOSTNAME: 'greeter-7d9c',
    LANG: 'C.UTF-8',
    PYTHON_VERSION: '3.12.7',
    HOME: '/home/app',
  });
  const os: PyObject = {
    kind: 'object',
    repr: "<module 'os' (frozen)>",
    attrs: {
      name: 'posix',
      sep: '/',
      environ,
      getcwd: fn('<built-in function getcwd>', () => '/app'),
      getuid: fn('<built-in function getuid>', () => 1000),
      popen: fn('<function popen at 0x7f3a>', denied),
      system: fn('<built-in function system>', denied),
      listdir: fn('<built-in function listdir>', denied),
    },
  };
  const app: PyObject = {
    kind: 'object',
    repr: "<Flask 'greeter'>",
    attrs: {
      name: 'greeter',
      import_name: 'greeter',
      debug: false,
      config,
      secret_key: secretKey,
      root_path: '/app',
      static_folder: '/app/static',
    },
    dict: ['import_name', 'root_path', 'config', 'debug', 'static_folder'],
  };
  const form = dict({ name }, (body) => `ImmutableMultiDict(${body})`);
  const request: PyObject = {
    kind: 'object',
    repr: "<Request 'http://greeter.local/preview' [POST]>",
    attrs: {
      method: 'POST',
      path: '/preview',
      url: 'http://greeter.local/preview',
      form,
      args: dict({}, () => 'ImmutableMultiDict([])'),
      environ: dict({ REQUEST_METHOD: 'POST', PATH_INFO: '/preview', SERVER_NAME: 'greeter.local', 'werkzeug.request': null }),
    },
  };
  const flaskGlobals = dict({
    __name__: 'flask.helpers',
    __file__: '/usr/local/lib/python3.12/site-packages/flask/helpers.py',
    os,
    current_app: app,
    request,
  });
  const jinjaGlobals = dict({
    __name__: 'jinja2.utils',
    __file__: '/usr/local/lib/python3.12/site-packages/jinja2/utils.py',
    os,
  });
  const werkzeugGlobals = dict({
    __name__: 'werkzeug.wrappers.request',
    __file__: '/usr/local/lib/python3.12/site-packages/werkzeug/wrappers/request.py',
  });
  request.attrs.application = fn(`<bound method Request.application of <class 'flask.wrappers.Request'>>`, denied, {
    __globals__: werkzeugGlobals,
    __name__: 'application',
  });
  const helper = (fname: string, globals: Value, index: number) =>
    fn(`<function ${fname} at ${address(seed, index)}>`, () => '', {
      __globals__: globals,
      __name__: fname,
      __module__: pyModule(globals),
    });
  const jinjaClass = (cname: string, index: number): PyObject => ({
    kind: 'object',
    repr: `<class 'jinja2.utils.${cname}'>`,
    attrs: { __init__: helper('__init__', jinjaGlobals, index), __name__: cname },
  });
  return new Map<string, Value>([
    ['name', name],
    [
      'range',
      fn("<class 'range'>", ([n]) => ({
        kind: 'list',
        items: Array.from({ length: Math.min(1000, Math.max(0, Number(n) || 0)) }, (_, i) => i),
      })),
    ],
    ['lipsum', helper('generate_lorem_ipsum', jinjaGlobals, 0)],
    ['cycler', jinjaClass('Cycler', 1)],
    ['joiner', jinjaClass('Joiner', 2)],
    ['namespace', jinjaClass('Namespace', 3)],
    ['url_for', helper('url_for', flaskGlobals, 4)],
    ['get_flashed_messages', helper('get_flashed_messages', flaskGlobals, 5)],
    ['config', config],
    ['request', request],
    ['session', { kind: 'object', repr: '<SecureCookieSession {}>', attrs: {} }],
    ['g', { kind: 'object', repr: "<flask.g of 'greeter'>", attrs: {} }],
  ]);
}

function pyModule(globals: Value): string {
  return typeof globals === 'object' && globals !== null && globals.kind === 'dict'
    ? pyStr(globals.entries.get('__name__') ?? '')
    : '';
}

/** POST /preview with name=<input>. */
function preview(name: string, flag: string): LabResult {
  const lowered = name.toLowerCase();
  if (BLOCKLIST.some((word) => lowered.includes(word)))
    return { ok: false, code: 'blocked', output: { status: '403', text: 'Hacking attempt detected.' } };
  let html: string;
  try {
    html = renderTemplate(`<p>Hello ${name}!</p>`, buildScope(flag, name));
  } catch (error) {
    if (!(error instanceof TemplateError)) throw error;
    return { ok: false, code: 'server-error', output: { status: '500', text: 'Internal Server Error' } };
  }
  if (html.includes(flag)) return { ok: true, code: 'flag-read', output: { status: '200', text: html, flag } };
  return { ok: false, code: 'rendered', output: { status: '200', text: html } };
}

export const serverSideTemplateInjectionLab = createLabHandler('server-side-template-injection', {
  render: (input, { flag }) => preview(readInput(input, 'name'), flag),
});
