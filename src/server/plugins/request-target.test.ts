import { describe, expect, it } from 'vitest';
import { normaliseRequestTarget } from './request-target.js';

describe('normaliseRequestTarget', () => {
  it.each([
    ['/api/users', '/api/users'],
    ['/api/users?pageSize=25&search=a%2Fb', '/api/users?pageSize=25&search=a%2Fb'],
    ['/%61pi/users?pageSize=25', '/api/users?pageSize=25'],
    ['/%41PI/%75sers', '/API/users'],
    ['/api/caf%c3%a9', '/api/caf%C3%A9'],
    ['http://127.0.0.1:3000/api/users', '/api/users'],
    ['HTTPS://example.com/api/users?x=1', '/api/users?x=1'],
    ['http://example.com', '/'],
    ['http://example.com?x=1', '/?x=1'],
    ['//api//users', '/api/users'],
    ['/api/./users/.', '/api/users/'],
    ['/api/x/../users', '/api/users'],
    ['/api/%2e%2E/api/users', '/api/users'],
    ['/../../api/users', '/api/users'],
    ['/api/users/', '/api/users/'],
    ['/api/users;x=1', '/api/users;x=1'],
    ['/', '/'],
    ['/?q=1', '/?q=1'],
  ])('%s -> %s', (target, expected) => {
    expect(normaliseRequestTarget(target)).toBe(expected);
  });

  it.each([
    '*',
    'example.com:443',
    'api/users',
    'ftp://x/api/users',
    '/api%2Fusers',
    '/api%2fusers',
    '/api%5Cusers',
    '/api\\users',
    '/api/%00',
    '/api/%zz',
    '/api/%4',
    '/api/users#x',
  ])('refuses %s', (target) => {
    expect(normaliseRequestTarget(target)).toBeNull();
  });
});
