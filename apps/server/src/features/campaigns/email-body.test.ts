import { describe, expect, it } from 'vitest';
import { renderStep } from './campaign-steps.js';
import type { StepRow } from './campaigns.repository.js';
import { emailParts } from './email-body.js';

const FOOTER = '\n\n--\nUnsubscribe: http://leadline.test/unsubscribe/abc.def';

const step = (body: string): StepRow => ({ id: 's', campaign_id: 'c', position: 0, type: 'email', delay_days: 0, business_days: false, subject: 'Hi {{firstName}}', body, variants: null, new_thread: false });

describe('campaign email parts', () => {
  it('sends an editor body as HTML with the footer as a paragraph whose address is a link', () => {
    expect(emailParts('<p>Hi Ann</p>', FOOTER)).toEqual({
      html: '<p>Hi Ann</p><p>--<br>Unsubscribe: <a href="http://leadline.test/unsubscribe/abc.def">http://leadline.test/unsubscribe/abc.def</a></p>',
    });
  });

  it('keeps a plain-text body as text, footer appended', () => {
    expect(emailParts('Hi Ann,\n\nthanks', FOOTER)).toEqual({ text: `Hi Ann,\n\nthanks${FOOTER}` });
    expect(emailParts('<p>Hi</p>', '')).toEqual({ html: '<p>Hi</p>' });
  });

  it("renders an HTML step with the lead's values escaped and a text step as written", () => {
    const values = { firstName: 'Ann', companyName: 'Smith & <Sons>' };
    expect(renderStep(step('<p>Hello {{firstName}} at {{companyName}}</p>'), 0, values, null).body).toBe('<p>Hello Ann at Smith &amp; &lt;Sons&gt;</p>');
    expect(renderStep(step('Hello {{firstName}} at {{companyName}}'), 0, values, null).body).toBe('Hello Ann at Smith & <Sons>');
  });
});
