import { Fragment, type ReactNode } from 'react';

const TAG = /<(\w+)>([\s\S]*?)<\/\1>/g;

/**
 * A translated sentence with marked words — 'In <strong>Kitchen</strong>' — rendered with each tag's own
 * element, so each language puts the marked words where its grammar wants them (react-i18next's Trans does
 * this too, at a size /login would pay for). Only the given tags become elements; everything is text
 * otherwise (React escapes it).
 */
export function Rich({
  text,
  tags,
}: {
  text: string;
  tags: Record<string, (children: string) => ReactNode>;
}) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    const [whole, tag = '', inner = ''] = match;
    if (match.index > last) parts.push(text.slice(last, match.index));
    const render = tags[tag];
    parts.push(<Fragment key={match.index}>{render ? render(inner) : inner}</Fragment>);
    last = match.index + whole.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}
