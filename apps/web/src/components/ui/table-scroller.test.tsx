import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TableScroller } from './table-scroller.tsx';

/** jsdom lays nothing out: the frame's widths are given here. */
function widths(scrollWidth: number, clientWidth: number) {
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(scrollWidth);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(clientWidth);
}
afterEach(() => vi.restoreAllMocks());

const table = (
  <table>
    <tbody>
      <tr>
        <td>Revenue</td>
      </tr>
    </tbody>
  </table>
);

describe('TableScroller', () => {
  it('a table that fits is just a table: no region, no focus stop, no note', () => {
    widths(400, 400);
    render(<TableScroller label="Referrers">{table}</TableScroller>);
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(screen.queryByTestId('table-more-columns')).not.toBeInTheDocument();
  });

  it('a wider table scrolls in a focusable region that says so, until its last column is in sight', () => {
    widths(800, 400);
    render(<TableScroller label="Referrers">{table}</TableScroller>);
    const region = screen.getByRole('region', { name: 'Referrers (scrolls sideways)' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(screen.getByTestId('table-more-columns')).toHaveTextContent('More columns: scroll sideways');

    region.scrollLeft = 400;
    fireEvent.scroll(region);
    expect(screen.queryByTestId('table-more-columns')).not.toBeInTheDocument();
    expect(screen.getByRole('region')).toBeInTheDocument();
  });
});
