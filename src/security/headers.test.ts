import { describe, expect, it } from 'vitest';
import { externalFormCsp } from './headers';

describe('the policy of a course page that frames its external form', () => {
  it("lets only that form's origin be framed", () => {
    expect(externalFormCsp('https://acme.typeform.com/to/AbC123?utm=x')).toBe('frame-src https://acme.typeform.com');
    expect(externalFormCsp('https://forms.example:8443/f')).toBe('frame-src https://forms.example:8443');
  });

  it('frames nothing that is not https', () => {
    for (const url of [null, undefined, '', 'http://forms.example/f', 'javascript:alert(1)', 'https://'])
      expect(externalFormCsp(url)).toBeNull();
  });
});
