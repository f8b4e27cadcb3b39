/**
 * Hostile HTML mails: each tries to run a script or make the reader's browser fetch something
 * from `sentinel` (a loopback server the test watches). A script that runs also posts "ran" to
 * its parent window. Used by the sanitizer's unit test and by the browser test that opens them
 * in the mail frame.
 */
export type HostileMail = { name: string; html: string };

export function xssCorpus(sentinel: string): HostileMail[] {
  const S = sentinel.replace(/\/+$/, '');
  const ran = (path: string) => `parent.postMessage('ran','*');fetch('${S}/${path}')`;
  return [
    { name: 'script element', html: `<p>hi</p><script>${ran('script')}</script>` },
    { name: 'external script', html: `<script src="${S}/external-script.js"></script>` },
    { name: 'img onerror', html: `<img src="x" onerror="${ran('onerror')}">` },
    { name: 'body onload', html: `<body onload="${ran('onload')}"><p>x</p></body>` },
    { name: 'details ontoggle', html: `<details open ontoggle="${ran('toggle')}"><summary>a</summary>b</details>` },
    { name: 'javascript link', html: `<a id="js" href="javascript:${ran('js-link')}">click me</a>` },
    { name: 'entity-split javascript link', html: `<a href="jav&#x09;ascript:${ran('entity-link')}">click</a>` },
    { name: 'svg onload', html: `<svg onload="${ran('svg-onload')}"><circle r="4"/></svg>` },
    { name: 'svg script', html: `<svg><script>${ran('svg-script')}</script></svg>` },
    { name: 'data svg image', html: `<img src="data:image/svg+xml;utf8,<svg xmlns='http://www.w3.org/2000/svg' onload='fetch(&quot;${S}/data-svg&quot;)'/>">` },
    { name: 'inline style url', html: `<div style="background:url(${S}/css-background)">x</div>` },
    { name: 'style sheet url', html: `<style>body{background:url(${S}/style-sheet)}</style><p>x</p>` },
    { name: 'style import', html: `<style>@import '${S}/import.css';</style><p>x</p>` },
    { name: 'font face', html: `<style>@font-face{font-family:x;src:url(${S}/font.woff)}</style><p style="font-family:x">x</p>` },
    { name: 'css expression', html: `<div style="width: expression(${ran('expression')})">x</div>` },
    { name: 'link stylesheet', html: `<link rel="stylesheet" href="${S}/link.css"><p>x</p>` },
    { name: 'link prefetch', html: `<link rel="prefetch" href="${S}/prefetch"><p>x</p>` },
    { name: 'form action', html: `<form action="${S}/form" method="post"><input name="a" value="b"><button>go</button></form><script>document.forms[0].submit()</script>` },
    { name: 'meta refresh', html: `<meta http-equiv="refresh" content="0;url=${S}/refresh"><p>x</p>` },
    { name: 'base href', html: `<base href="${S}/base/"><img src="relative.png"><a href="page">x</a>` },
    { name: 'iframe', html: `<iframe src="${S}/iframe"></iframe>` },
    { name: 'object and embed', html: `<object data="${S}/object"></object><embed src="${S}/embed">` },
    { name: 'remote image (tracking pixel)', html: `<img src="${S}/pixel.gif" width="1" height="1">` },
    { name: 'protocol-relative image', html: `<img src="${S.replace(/^https?:/, '')}/protocol-relative.gif">` },
    { name: 'srcset', html: `<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" srcset="${S}/srcset.png 1x">` },
    { name: 'video poster and audio', html: `<video poster="${S}/poster.png"></video><audio src="${S}/audio.mp3" autoplay></audio>` },
    { name: 'table background', html: `<table background="${S}/table-background.png"><tr><td>x</td></tr></table>` },
    { name: 'input image', html: `<input type="image" src="${S}/input-image.png">` },
    { name: 'mutation xss through math and style', html: `<math><mtext><table><mglyph><style><img src=x onerror="${ran('mxss')}">` },
    { name: 'noscript attribute breakout', html: `<noscript><p title="</noscript><img src=x onerror=${ran('noscript')}>"></noscript>` },
  ];
}
