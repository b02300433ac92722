import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SCREEN_HEADINGS, screenHeadingHtml, type HeadedScreen } from '../../domain/screen-headings';
import { PageHeader } from './page-header';

describe('PageHeader', () => {
  // The server writes screenHeadingHtml into the page before any script (decision 061); the screen
  // then draws PageHeader in its place. Any difference would show as the row changing under the eye.
  it.each(Object.keys(SCREEN_HEADINGS) as HeadedScreen[])('draws %s as the server wrote it', (screen) => {
    const { container } = render(
      <MemoryRouter>
        <div className={SCREEN_HEADINGS[screen].box}>
          <PageHeader screen={screen} />
        </div>
      </MemoryRouter>,
    );
    const served = document.createElement('div');
    served.innerHTML = screenHeadingHtml(SCREEN_HEADINGS[screen]);
    // react-router marks its links with data-discover, which draws nothing.
    expect(container.innerHTML.replaceAll(' data-discover="true"', '')).toBe(served.innerHTML);
  });

  it('takes the title row of a screen that changes from its props', () => {
    const { getByRole } = render(
      <MemoryRouter>
        <PageHeader title="Tech Scorecard" subtitle="11/1/2026 to 11/30/2026" />
      </MemoryRouter>,
    );
    expect(getByRole('heading', { level: 1 }).textContent).toBe('Tech Scorecard');
  });
});
