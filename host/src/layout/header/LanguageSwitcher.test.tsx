import { screen } from '@testing-library/react';
import { BASE_CONFIG, CHINA_CONFIG } from '@tours/shared/contract';
import { renderWithHost } from '../test-utils';
import { LanguageList } from './LanguageSwitcher';

const names = () => screen.getAllByRole('link').map((a) => a.textContent);

describe('the language list follows the site configuration', () => {
  it('the base site: every locale (ru behind russianIsAvailable)', () => {
    renderWithHost(<LanguageList />, { config: BASE_CONFIG });
    expect(names()).toEqual(['中文', 'English', 'Deutsch', 'Русский']);
  });

  it('the Chinese-region site (issue 32): 中文 and English only', () => {
    renderWithHost(<LanguageList />, { config: CHINA_CONFIG });
    expect(names()).toEqual(['中文', 'English']);
  });
});
