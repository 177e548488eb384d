import { screen } from '@testing-library/react';
import { renderScreen } from '@tours/shared/src/testing';
import ChatPage from './features/chat';
import { CallPanelContent } from './parcels/CallPanel';

describe('mfe-comms screens', () => {
  test('the live chat page has its title and breadcrumbs', () => {
    renderScreen(<ChatPage />, { url: '/en/chat/5' });
    expect(screen.getByRole('heading', { level: 1, name: 'Live chat' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Breadcrumbs' })).toHaveTextContent('Home');
  });
  test('the call panel parcel is titled', () => {
    renderScreen(<CallPanelContent modal={{ close: () => undefined }} />, { url: '/cn/' });
    expect(screen.getByRole('heading', { name: '网络通话' })).toBeInTheDocument();
  });
});
