import { BookCallExtra } from './book-call-view.tsx';
import { mountExtra } from './mount-extra.tsx';

/** The call page's extra (a Vite entry; the server adds it to call product pages only): the booking form. */
mountExtra('book-call', BookCallExtra);
