/**
 * What the server drew into a signed-in page before any script (decision 062): the company's line
 * under the header's title (Home's title too). Read once, when the app's first module runs and
 * before React replaces that markup, so the loading screen, the layout and Home keep showing it
 * until the company settings have answered. null when the page was not drawn with it.
 */
function readCompanyLine(): string | null {
  if (typeof document === 'undefined') return null;
  const text = document.querySelector('#root [data-company-line]')?.textContent?.trim();
  return text ? text : null;
}

export const drawnCompanyLine: string | null = readCompanyLine();
