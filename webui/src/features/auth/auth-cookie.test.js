import { expect, test, vi } from 'vitest';
import { clearedUserData, menuRole, parseUserData, userType } from './auth-cookie.js';

const cookie = (data) => `userCurrency=EUR; userData=${encodeURIComponent(JSON.stringify(data))}; other=1`;

test('userData is URL-encoded JSON with the name and type', () => {
  const log = { error: vi.fn() };
  expect(parseUserData(cookie({ name: 'Ayşe Yılmaz', type: 'translator' }), log)).toEqual({ name: 'Ayşe Yılmaz', type: 'translator' });
  expect(parseUserData(cookie({ name: 'Admin', type: 'admin' }), log)).toEqual({ name: 'Admin', type: 'admin' });
  // Encoded as a form value, a space may arrive as "+"; a plus sign itself is %2B.
  expect(parseUserData('userData=%7B%22name%22%3A%22Ay%C5%9Fe+Y%C4%B1lmaz%2B%22%2C%22type%22%3A%22customer%22%7D', log)).toEqual({ name: 'Ayşe Yılmaz+', type: 'customer' });
  expect(log.error).not.toHaveBeenCalled();
});

test('without a userData cookie there is no user', () => {
  const log = { error: vi.fn() };
  expect(parseUserData('', log)).toBeNull();
  expect(parseUserData(undefined, log)).toBeNull();
  expect(parseUserData('userCurrency=TRY; myuserData=x', log)).toBeNull();
  expect(parseUserData('userData=', log)).toBeNull();
  expect(log.error).not.toHaveBeenCalled();
});

test('a malformed userData cookie is logged and treated as a customer (spec §8)', () => {
  for (const bad of ['userData=%E0%A4%A', 'userData=not-json', 'userData=%5B1%2C2%5D', 'userData=null', 'userData=%22text%22']) {
    const log = { error: vi.fn() };
    expect(parseUserData(bad, log), bad).toEqual({ name: '', type: 'customer' });
    expect(log.error, bad).toHaveBeenCalledOnce();
    expect(log.error.mock.calls[0][0]).toMatch(/Malformed userData cookie/);
  }
});

test('any type other than translator or admin counts as customer; admins get the customer menu', () => {
  const log = { error: vi.fn() };
  for (const type of ['customer', 'Translator', 'vip', '', null, 42, undefined]) {
    expect(userType(type)).toBe('customer');
    expect(parseUserData(cookie({ name: 'X', type }), log).type).toBe('customer');
  }
  expect(parseUserData(cookie({ type: 'translator' }), log)).toEqual({ name: '', type: 'translator' });
  expect(menuRole('translator')).toBe('translator');
  expect(menuRole('admin')).toBe('customer');
  expect(menuRole('customer')).toBe('customer');
  expect(menuRole(undefined)).toBe('customer');
  expect(log.error).not.toHaveBeenCalled();
});

test('clearing userData keeps the cookie rules of spec §9', () => {
  expect(clearedUserData).toBe('userData=; Path=/; Max-Age=0; Secure; SameSite=Strict');
});
