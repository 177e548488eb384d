/**
 * The traveller's chat: the screen of the `chat-index` route. The conversation it shares with the staff agent
 * console (socket, room, message list, composer, chat list) lives in features/common/chat.
 */
export { default } from './ChatPage';
