import { screen, within } from '@testing-library/react';
import type { HostStore } from '@tours/shared/contract';
import type { ContactsAnswer, InfoAnswer, SocialLink } from '@tours/shared/api';
import { contactsAtom, siteInfoAtom, socialLinksAtom } from '../state';
import { Footer } from './Footer';
import { fixtures, renderWithHost } from '../test-utils';

const seed = (store: HostStore) => {
  store.set(contactsAtom, fixtures.contacts as ContactsAnswer);
  store.set(siteInfoAtom, fixtures.info as InfoAnswer);
  store.set(socialLinksAtom, fixtures.social as SocialLink[]);
};

describe('Footer', () => {
  it('shows the tours count rounded to 100 with +, and the advantages with the counts', () => {
    renderWithHost(<Footer />, { prepare: seed });
    expect(screen.getByTestId('tours-count')).toHaveTextContent('12,300+ tours');
    const advantages = screen.getByRole('region', { name: 'Why travel with us' });
    expect(within(advantages).getByText('Local prices with no extra fees')).toBeInTheDocument();
    expect(within(advantages).getByText('Verified tour organizers and guides')).toBeInTheDocument();
    expect(within(advantages).getByText('Federal service: 85 regions of Russia and 24 travel styles')).toBeInTheDocument();
  });

  it('shows phone, e-mail, social links and payment marks', () => {
    renderWithHost(<Footer />, { prepare: seed });
    const contacts = screen.getByRole('region', { name: 'Contacts' });
    expect(within(contacts).getByRole('link', { name: /Head office/ })).toHaveAttribute('href', 'tel:+74959998877');
    expect(within(contacts).getByRole('link', { name: /hello@tours\.example/ })).toHaveAttribute('href', 'mailto:hello@tours.example');
    expect(within(contacts).getByRole('link', { name: 'Our page on VK (opens in a new tab)' })).toHaveAttribute('href', 'https://vk.example/tours');
    expect(within(screen.getByRole('list', { name: 'We accept' })).getByRole('img', { name: 'Mastercard' })).toBeInTheDocument();
  });

  it('links terms, privacy and cookies, and shows the current year', () => {
    renderWithHost(<Footer />, { prepare: seed });
    expect(screen.getByRole('link', { name: 'Terms and Conditions' })).toHaveAttribute('href', '/en/agreement');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/en/privacy');
    expect(screen.getByRole('link', { name: 'Cookie Policy' })).toHaveAttribute('href', '/en/cookies');
    expect(screen.getByText(`© ${new Date().getFullYear()} Tours of Russia. All rights reserved.`)).toBeInTheDocument();
  });

  it('leaves out what has not loaded', () => {
    renderWithHost(<Footer />);
    expect(screen.queryByTestId('tours-count')).not.toBeInTheDocument();
    expect(screen.queryByText(/Federal service/)).not.toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });
});
