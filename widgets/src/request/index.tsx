import { mountWith } from '../runtime/mount';
import { RequestWidget } from './RequestWidget';
import '../theme.css';
import './request.css';

/** The request form bundle: mounted by the loader into the element's shadow root. */
export const mount = mountWith(RequestWidget);
