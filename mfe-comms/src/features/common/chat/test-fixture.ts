/* Test data for the chat screen: chats and messages checked against the shared chat schemas. */
import { create } from 'superstruct';
import { Chat, ChatMessage, type ChatFile } from '@tours/shared/api';

export const SESSION = { token: 'tok-traveller', profile: { id: 42, first_name: 'Ada', last_name: 'Lovelace' } };

export function message(id: number, over: Partial<ChatMessage> = {}): ChatMessage {
  return create({
    id, chat_id: 5, direction: 'input', sender_type: 'support', sender_name: 'Maria from support', text: `Message ${id}`, file: null, attachment_status: null,
    created_at: `2030-01-01T10:${String(id % 60).padStart(2, '0')}:00.000Z`, edited_at: null, is_moderated: false, is_deleted: false, is_read: false, client_id: null,
    ...over,
  }, ChatMessage);
}

export function file(over: Partial<ChatFile> = {}): ChatFile {
  return { id: 77, name: 'ticket.pdf', url: '/media/uploads/abc.pdf', size: 2048, type: 'application/pdf', ...over };
}

export function chat(id: number, over: Partial<Chat> = {}): Chat {
  return create({
    id, kind: 'support', title: id === 5 ? 'Support' : `Organizer ${id}`, organizer: null, tour_id: null, site_id: 1, last_message: null, unread_count: 0,
    is_frozen: false, freeze_reason: null, notifications_enabled: false, created_at: '2030-01-01T09:00:00.000Z', updated_at: `2030-01-01T09:${String(id).padStart(2, '0')}:00.000Z`,
    ...over,
  }, Chat);
}
