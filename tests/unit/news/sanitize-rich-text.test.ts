import { describe, expect, it } from 'vitest';
import {
  asStoredBodyText,
  hasVisibleContent,
  imageCodesOf,
  sanitizeArticleBody,
} from '#server/api/kit/sanitize-rich-text.ts';

describe('sanitizeArticleBody: what a company never receives', () => {
  it('drops a script element with its code, keeping the text around it', () => {
    const body = sanitizeArticleBody('<p>お知らせ<script>alert(document.cookie)</script>です</p>');
    expect(body).toBe('<p>お知らせです</p>');
  });

  it('drops event handlers such as onerror and onclick', () => {
    const body = sanitizeArticleBody(
      '<img src="/api/v1/files/abc123" onerror="alert(1)"><p onclick="steal()">本文</p>',
    );
    expect(body).toBe('<img src="/api/v1/files/abc123" /><p>本文</p>');
    expect(body).not.toMatch(/onerror|onclick|alert|steal/);
  });

  it('drops a javascript: link, however it is disguised, and keeps its text', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'java&#x09;script:alert(1)',
      ' javascript:alert(1)',
    ]) {
      expect(sanitizeArticleBody(`<a href="${href}">詳しくはこちら</a>`)).toBe('詳しくはこちら');
    }
  });

  it('drops data: URLs in links and images', () => {
    expect(sanitizeArticleBody('<a href="data:text/html,<script>alert(1)</script>">x</a>')).toBe('x');
    expect(sanitizeArticleBody('<img src="data:image/svg+xml;base64,PHN2Zz4=" alt="x">')).toBe('');
  });

  it('drops style attributes, style elements, class and id', () => {
    const body = sanitizeArticleBody(
      '<style>p{display:none}</style><p style="color:red" class="lead" id="top">重要</p>',
    );
    expect(body).toBe('<p>重要</p>');
  });

  it('drops iframes, objects, embeds, svg and forms', () => {
    const body = sanitizeArticleBody(
      '<iframe src="https://evil.example.com"></iframe>' +
        '<object data="x.swf">o</object><embed src="x.swf">' +
        '<svg onload="alert(1)"><script>alert(2)</script><text>t</text></svg>' +
        '<form action="https://evil.example.com"><input name="pw">送信</form>',
    );
    expect(body).toBe('送信');
  });

  it("drops images from plain http and from relative paths other than the portal's files", () => {
    expect(sanitizeArticleBody('<img src="http://example.com/a.png">')).toBe('');
    expect(sanitizeArticleBody('<img src="/api/v1/files/../../etc/passwd">')).toBe('');
    expect(sanitizeArticleBody('<img src="//evil.example.com/a.png">')).toBe('');
  });

  it('turns a relative link into its text (links are http, https or mailto only)', () => {
    expect(sanitizeArticleBody('<a href="/mypage/news">一覧</a>')).toBe('一覧');
  });
});

describe('sanitizeArticleBody: the markup it keeps', () => {
  it('keeps paragraphs, headings, emphasis, quotes, lists, tables and rules as written', () => {
    const html =
      '<h2>見出し</h2><h3>小見出し</h3><h4>項目</h4>' +
      '<p>本文<br />次の行 <strong>強調</strong><b>太字</b><em>斜体</em><i>i</i><u>下線</u><s>取消</s></p>' +
      '<blockquote><p>引用</p></blockquote>' +
      '<ul><li>一</li></ul><ol><li>二</li></ol>' +
      '<table><thead><tr><th scope="col">項目</th></tr></thead><tbody><tr><td>値</td></tr></tbody></table><hr />';
    expect(sanitizeArticleBody(html)).toBe(html);
  });

  it('opens an external link in a new tab without a handle on the portal', () => {
    expect(sanitizeArticleBody('<a href="https://www.example.co.jp/seminar" target="_self">申込</a>')).toBe(
      '<a href="https://www.example.co.jp/seminar" target="_blank" rel="noopener noreferrer">申込</a>',
    );
  });

  it('keeps a mailto link as it is', () => {
    expect(sanitizeArticleBody('<a href="mailto:info@bank.example.jp">お問い合わせ</a>')).toBe(
      '<a href="mailto:info@bank.example.jp">お問い合わせ</a>',
    );
  });

  it("keeps the portal's own images and https images with their alt text", () => {
    expect(sanitizeArticleBody('<img src="/api/v1/files/f0a1b2" alt="会場の地図" width="10">')).toBe(
      '<img src="/api/v1/files/f0a1b2" alt="会場の地図" />',
    );
    expect(sanitizeArticleBody('<img src="https://cdn.example.jp/a.png" alt="">')).toBe(
      '<img src="https://cdn.example.jp/a.png" alt="" />',
    );
  });

  it('gives the same answer when sanitised twice (what is stored is stable)', () => {
    const once = sanitizeArticleBody('<p>a &amp; b <a href="https://example.com">x</a> 1 < 2</p>');
    expect(sanitizeArticleBody(once)).toBe(once);
  });
});

describe('imageCodesOf', () => {
  it("lists the portal's images a body shows, in order and once each", () => {
    const body =
      '<p><img src="/api/v1/files/aaa"><img src="https://cdn.example.jp/x.png"></p>' +
      '<img src="/api/v1/files/bbb"><img src="/api/v1/files/aaa">';
    expect(imageCodesOf(body)).toEqual(['aaa', 'bbb']);
  });

  it('lists nothing for a body without images', () => {
    expect(imageCodesOf('<p>本文だけ</p>')).toEqual([]);
  });
});

describe('hasVisibleContent', () => {
  it('counts an empty editor (empty paragraphs, spaces) as nothing entered', () => {
    expect(hasVisibleContent('')).toBe(false);
    expect(hasVisibleContent('<p></p>')).toBe(false);
    expect(hasVisibleContent('<p> \u00a0\u3000</p><p><br /></p>')).toBe(false);
  });

  it('counts text or an image as content', () => {
    expect(hasVisibleContent('<p>お知らせ</p>')).toBe(true);
    expect(hasVisibleContent('<p><img src="/api/v1/files/abc" /></p>')).toBe(true);
  });
});

describe('asStoredBodyText', () => {
  it('writes &, < and > as a sanitised body stores them', () => {
    expect(asStoredBodyText('R&D <2025>')).toBe('R&amp;D &lt;2025&gt;');
  });
});
