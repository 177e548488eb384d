import { mountWith } from '../runtime/mount';
import { SearchWidget } from './SearchWidget';
import '../theme.css';
import './search.css';

/** The search box bundle: mounted by the loader into the element's shadow root. */
export const mount = mountWith(SearchWidget);
