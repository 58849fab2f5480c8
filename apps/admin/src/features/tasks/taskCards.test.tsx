import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render } from '@testing-library/react';
import { TaskCards } from './TaskCards';

afterEach(cleanup);

interface Row { instanceId: number; name: string; key: string | null }
const rows: Row[] = Array.from({ length: 10 }, (_, i) => ({ instanceId: i + 1, name: `Request ${i + 1}`, key: i ? null : 'CG-1' }));

describe('the tasks lists on a phone: one card kit (issue 28)', () => {
  it('one card per row with its facts; a tap opens that row; the pager pages', () => {
    const onOpen = vi.fn();
    const onPage = vi.fn();
    const shown = render(
      <TaskCards<Row>
        records={rows} rowKey={(r) => r.instanceId} label="Started by me" testId="task-card" loading={false} total={11} page={1} limit={10}
        onPage={onPage} onOpen={onOpen} empty="Nothing here yet."
        card={(r) => ({ title: r.name, sub: r.key, facts: [['Started', '2026-11-28 04:40'], !!r.key && ['Key', r.key]] })}
      />,
    );
    const cards = shown.getAllByTestId('task-card');
    expect(cards).toHaveLength(10);
    expect(shown.getByRole('list', { name: 'Started by me' })).toBeTruthy();
    expect(cards[0].textContent).toBe('Request 1CG-1Started2026-11-28 04:40KeyCG-1');
    expect(cards[1].textContent).toBe('Request 2Started2026-11-28 04:40');
    fireEvent.click(cards[2]);
    expect(onOpen).toHaveBeenCalledWith(rows[2]);
    fireEvent.click(shown.container.querySelector('.ant-pagination-next')!);
    expect(onPage).toHaveBeenCalledWith(2, 10);
  });

  it('says the list is empty, without a pager', () => {
    const shown = render(
      <TaskCards<Row> records={[]} rowKey={(r) => r.instanceId} label="Copied to me" testId="task-card" loading={false} total={0} page={1} limit={10}
        onPage={vi.fn()} onOpen={vi.fn()} empty="Nothing here yet." card={(r) => ({ title: r.name, facts: [] })} />,
    );
    expect(shown.getByText('Nothing here yet.')).toBeTruthy();
    expect(shown.container.querySelector('.ant-pagination')).toBeNull();
  });
});
