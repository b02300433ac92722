import { describe, expect, it } from 'vitest';
import {
  classifyAddress,
  connectRefusal,
  WEBHOOK_MESSAGES as M,
  webhookBackoffMs,
  webhookEndpointInput,
  webhookIdOf,
  webhookUrlProblem,
} from './webhooks';

describe('classifyAddress', () => {
  it.each([
    ['93.184.216.34', 'public'],
    ['8.8.8.8', 'public'],
    ['127.0.0.1', 'private'],
    ['127.8.9.10', 'private'],
    ['10.0.0.5', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['172.32.0.1', 'public'],
    ['192.168.1.20', 'private'],
    ['100.64.0.1', 'private'],
    ['169.254.169.254', 'forbidden'],
    ['0.0.0.0', 'forbidden'],
    ['224.0.0.1', 'forbidden'],
    ['255.255.255.255', 'forbidden'],
    ['::1', 'private'],
    ['[::1]', 'private'],
    ['::', 'forbidden'],
    ['fe80::1', 'forbidden'],
    ['fe80::1%eth0', 'forbidden'],
    ['fd12:3456::1', 'private'],
    ['ff02::1', 'forbidden'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:169.254.169.254', 'forbidden'],
    ['::ffff:8.8.8.8', 'public'],
    ['64:ff9b::a9fe:a9fe', 'forbidden'],
    ['2606:4700::1111', 'public'],
    ['2001:db8::1', 'forbidden'],
  ])('%s is %s', (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
  });

  it.each(['example.com', 'localhost', '1.2.3', '256.1.1.1', '1:2:3', 'gg::1', '1::2::3'])(
    '%s is not an address',
    (text) => {
      expect(classifyAddress(text)).toBeNull();
    },
  );
});

describe('webhookUrlProblem', () => {
  const strict = { allowPrivate: false };
  const local = { allowPrivate: true };
  it.each([
    ['https://hooks.example.com/in', strict, null],
    ['https://hooks.example.com:8443/in?x=1', strict, null],
    ['https://93.184.216.34/in', strict, null],
    ['HTTPS://Hooks.Example.com/in', strict, null],
    ['', strict, M.urlRequired],
    ['not a url', strict, M.urlInvalid],
    ['ftp://hooks.example.com', strict, M.urlScheme],
    ['javascript:alert(1)', strict, M.urlScheme],
    ['data:text/plain,hi', strict, M.urlScheme],
    ['http://hooks.example.com/in', strict, M.urlScheme],
    ['http://hooks.example.com/in', local, M.urlHttpPrivateOnly],
    ['http://8.8.8.8/in', local, M.urlHttpPrivateOnly],
    ['http://127.0.0.1:9000/in', local, null],
    ['http://localhost:9000/in', local, null],
    ['http://receiver.internal/in', local, null],
    ['https://localhost/in', strict, M.urlPrivate],
    ['https://app.localhost/in', strict, M.urlPrivate],
    ['https://10.0.0.8/in', strict, M.urlPrivate],
    ['https://[fd00::5]/in', strict, M.urlPrivate],
    ['https://10.0.0.8/in', local, null],
    ['https://169.254.169.254/latest', local, M.urlForbidden],
    ['https://[fe80::1]/in', local, M.urlForbidden],
    ['https://user:pw@hooks.example.com/in', strict, M.urlCredentials],
    ['https://user@hooks.example.com/in', strict, M.urlCredentials],
    ['https://hooks.example.com/in#x', strict, M.urlFragment],
    [`https://hooks.example.com/${'a'.repeat(2000)}`, strict, M.urlTooLong],
  ] as const)('%s (%o): %s', (url, options, problem) => {
    expect(webhookUrlProblem(url, options)).toBe(problem);
  });
});

describe('connectRefusal', () => {
  it.each([
    ['93.184.216.34', true, false, null],
    ['93.184.216.34', false, true, 'plain http:// is not sent to the public address 93.184.216.34'],
    ['10.0.0.1', true, false, '10.0.0.1 is a private or local address'],
    ['10.0.0.1', false, true, null],
    ['127.0.0.1', true, true, null],
    ['169.254.169.254', true, true, '169.254.169.254 is not an address webhooks are sent to'],
    ['not-an-ip', true, true, 'not-an-ip is not an address webhooks are sent to'],
  ] as const)('%s secure=%s allowPrivate=%s', (address, secure, allowPrivate, refusal) => {
    expect(connectRefusal(address, secure, allowPrivate)).toBe(refusal);
  });
});

describe('the rest', () => {
  it('back-off doubles and stops at the cap', () => {
    expect([1, 2, 3].map((n) => webhookBackoffMs(n, 1000, 3000))).toEqual([1000, 2000, 3000]);
    expect(webhookBackoffMs(0, 1000, 3000)).toBe(1000);
  });

  it('the webhook-id is the event id without dashes', () => {
    expect(webhookIdOf('3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b')).toBe('msg_3f1c2a4e5b6d4e7f8a9b0c1d2e3f4a5b');
  });

  it('the endpoint input keeps the events in the list order, once each', () => {
    const parsed = webhookEndpointInput.parse({
      url: ' https://a.example.com ',
      events: ['invoice.paid', 'job.created', 'invoice.paid'],
    });
    expect(parsed).toEqual({
      url: 'https://a.example.com',
      description: '',
      events: ['job.created', 'invoice.paid'],
      enabled: true,
    });
  });
});
