import { useState } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Header } from './Header';
import { MobileMenu } from './MobileMenu';
import { renderWithHost } from '../test-utils';

function HeaderWithMenu() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Header menuOpen={open} onOpenMenu={() => setOpen(true)} menuId="menu" />
      <MobileMenu open={open} onClose={() => setOpen(false)} id="menu" />
    </>
  );
}

describe('Mobile drawer menu', () => {
  it('has the header navigation plus Travel blog and Gift certificates', async () => {
    const user = userEvent.setup();
    renderWithHost(<HeaderWithMenu />);
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = screen.getByRole('dialog', { name: 'Menu' });
    const nav = within(drawer).getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getAllByRole('link').map((a) => a.textContent)).toEqual([
      'Tours', 'Destinations', 'Visa', 'About us', 'Mass media', 'For agencies', 'Contact us', 'FAQ', 'Travel blog', 'Gift certificates',
    ]);
    expect(within(nav).getByRole('link', { name: 'Travel blog' })).toHaveAttribute('href', '/en/blog');
    expect(within(nav).getByRole('link', { name: 'Gift certificates' })).toHaveAttribute('href', '/en/gift-cards');
  });

  it('moves focus in, keeps Tab inside, and Escape closes it back to the menu button', async () => {
    const user = userEvent.setup();
    renderWithHost(<HeaderWithMenu />);
    const opener = screen.getByRole('button', { name: 'Open menu' });
    await user.click(opener);
    const drawer = screen.getByRole('dialog', { name: 'Menu' });
    const close = within(drawer).getByRole('button', { name: 'Close menu' });
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(drawer).toContainElement(document.activeElement as HTMLElement);
    await user.tab();
    expect(close).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('closes when a link is followed', async () => {
    const user = userEvent.setup();
    const t = renderWithHost(<HeaderWithMenu />);
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Menu' })).getByRole('link', { name: 'Travel blog' }));
    expect(t.navigate).toHaveBeenCalledWith('/en/blog');
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
  });
});
