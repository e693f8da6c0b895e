import { describe, expect, it } from 'vitest';
import { sanitizeDescription } from './description.ts';

describe('the goods description sanitiser', () => {
  it('keeps the allowed formatting as written', () => {
    const html = '<h3>Why</h3><p>A <strong>strong</strong>, <em>light</em>, <u>plain</u> and <s>old</s> text.<br />Next line.</p>'
      + '<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>quoted</blockquote><hr />';
    expect(sanitizeDescription(html)).toBe(html);
  });

  it('removes scripts and styles with their content, and every other tag but its text', () => {
    const clean = sanitizeDescription('<p>Hi<script>alert(1)</script><style>p{}</style></p><iframe src="https://x.example"></iframe><div><img src="https://x.example/a.png">kept</div>');
    expect(clean).toBe('<p>Hi</p>kept');
  });

  it('removes event handlers, styles, classes and ids', () => {
    expect(sanitizeDescription('<p onclick="steal()" style="color:red" class="x" id="y">text</p><a href="https://a.example" onmouseover="x()">a</a>')).toBe(
      '<p>text</p><a href="https://a.example" rel="noopener noreferrer nofollow" target="_blank">a</a>',
    );
    expect(sanitizeDescription('<svg><circle onload="x()"/></svg><b onerror="x()">b</b>')).toBe('<b>b</b>');
  });

  it('keeps http(s) links only, and opens them without an opener whatever rel the admin wrote', () => {
    for (const href of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', ' javascript:alert(1)', 'java&#x09;script:alert(1)', 'data:text/html,<b>x</b>', 'vbscript:x', '//evil.example/x', 'file:///etc/passwd']) {
      const clean = sanitizeDescription(`<a href="${href}">x</a>`);
      expect(clean, href).not.toContain('href');
    }
    expect(sanitizeDescription('<a href="http://a.example/x?y=1&amp;z=2" rel="opener" target="_self" title="t">x</a>')).toBe(
      '<a href="http://a.example/x?y=1&amp;z=2" rel="noopener noreferrer nofollow" target="_blank" title="t">x</a>',
    );
  });

  it('escapes what is not markup and is idempotent', () => {
    const once = sanitizeDescription('<p>1 < 2 & "quotes"</p><p>unclosed');
    expect(once).toBe('<p>1 &lt; 2 &amp; "quotes"</p><p>unclosed</p>');
    expect(sanitizeDescription(once)).toBe(once);
  });
});
