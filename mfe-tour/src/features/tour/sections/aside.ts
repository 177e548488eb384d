/**
 * The sidebar booking card and the widgets: their own chunk, loaded when the aside comes near the viewport (at
 * once beside the content on wide screens; below all sections on phones, where the order sheet is enough).
 */
export { Sidebar } from './Sidebar';
export { Widgets } from './Widgets';
