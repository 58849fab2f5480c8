import type { KeyboardEvent } from 'react';
import { Input } from 'antd';
import type { TextAreaProps } from 'antd/es/input';

/**
 * A dialog's comment: Enter submits the dialog, Shift+Enter starts a new line. Enter that confirms an input
 * method's composition (pinyin, kana) only ends the composition.
 */
export function CommentInput({ onSubmit, ...props }: TextAreaProps & { onSubmit: () => void }) {
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing || e.keyCode === 229) return;
    e.preventDefault();
    onSubmit();
  };
  return <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} maxLength={2000} {...props} onKeyDown={onKeyDown} />;
}
