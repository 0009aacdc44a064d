import { createRoot } from 'react-dom/client';
import { start } from './app/start.tsx';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
// `data-prerendered`: the server sent this page's markup in #root (decision 021); React replaces it.
void start(createRoot(container), { prerendered: container.hasAttribute('data-prerendered') });
