import { describe, expect, it } from 'vitest';

import { connectionFromEndpoint, connectionFromInfo } from './connection';

describe('how a player reaches a service', () => {
  it('reads what authors write in connection_info', () => {
    expect(connectionFromInfo('https://web.example.org/login')).toEqual({
      address: 'https://web.example.org/login',
      url: 'https://web.example.org/login',
      command: null,
    });
    expect(connectionFromInfo('nc pwn.example.org 31337')).toEqual({
      address: 'pwn.example.org 31337',
      url: null,
      command: 'nc pwn.example.org 31337',
    });
    expect(connectionFromInfo('pwn.example.org 1337').command).toBe('nc pwn.example.org 1337');
    expect(connectionFromInfo('pwn.example.org:1337').address).toBe('pwn.example.org 1337');
    expect(connectionFromInfo('ssh -p 2222 ctf@box.example.org')).toEqual({
      address: 'box.example.org 2222',
      url: null,
      command: 'ssh -p 2222 ctf@box.example.org',
    });
    expect(connectionFromInfo('Ask an organiser')).toEqual({ address: 'Ask an organiser', url: null, command: null });
  });

  it('reads a running instance the same way', () => {
    expect(
      connectionFromEndpoint({
        protocol: 'tcp',
        host: 'ctf.example.org',
        port: 40001,
        url: null,
        command: 'nc ctf.example.org 40001',
      }),
    ).toEqual({ address: 'ctf.example.org 40001', url: null, command: 'nc ctf.example.org 40001' });
    const url = 'http://ctf.example.org:40002/';
    expect(connectionFromEndpoint({ protocol: 'http', host: 'ctf.example.org', port: 40002, url, command: url })).toEqual({
      address: url,
      url,
      command: null,
    });
  });
});
