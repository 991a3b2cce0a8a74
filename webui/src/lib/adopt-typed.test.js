import { expect, test } from 'vitest';
import { typedIn } from './adopt-typed.js';

const formWith = (fields) => ({ elements: { namedItem: (name) => fields[name] ?? null } });

test('typedIn finds what the fields hold that differs from the form\'s initial values', () => {
  const form = formWith({
    email: { type: 'email', value: 'early@example.com' },
    password: { type: 'password', value: '' },
    rememberMe: { type: 'checkbox', checked: true, value: 'on' },
    upload: { type: 'file', value: 'C:\\fakepath\\a.pdf' },
  });
  const initial = { email: '', password: '', rememberMe: false, upload: '', missing: '', pairs: [] };
  form.elements.namedItem = ((get) => (name) => (name === 'pairs' ? { type: 'select-one', value: 'en-tr' } : get(name)))(form.elements.namedItem);
  expect(typedIn(form, initial)).toEqual({ email: 'early@example.com', rememberMe: true });
});

test('typedIn is null for untouched fields or no form', () => {
  expect(typedIn(formWith({ message: { type: 'textarea', value: 'Hello' } }), { message: 'Hello' })).toBeNull();
  expect(typedIn(null, { message: '' })).toBeNull();
});
