import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { SubmissionField } from './SubmissionField';
import { submissionText } from './submissionText';

const label = (lang: 'zh' | 'en') => renderToStaticMarkup(createElement(SubmissionField, {
  id: 'f', label: 'x', required: true, requiredText: submissionText(lang, 'form.required'),
  children: (aria: Record<string, unknown>) => createElement('input', aria),
})).match(/<label[^>]*>([\s\S]*?)<\/label>/)![1];

describe('a required field read by a screen reader', () => {
  it('says "required" with the brackets of its language', () => {
    expect(label('en')).toContain('<span class="sr-only"> (required)</span>');
    expect(label('en')).not.toMatch(/[（）]/);
    expect(label('zh')).toContain('<span class="sr-only">（必填）</span>');
  });
});
